import type { CurrentUser } from '../repositories/login-sessions';
import { logger } from './logger';

/**
 * Security events (OWASP ASVS 5.0 V16.3): one structured log line each, with the request id and
 * the acting user, never a password, hash or token. docs/security.md lists them.
 */
export type SecurityEvent =
  | 'login succeeded'
  | 'login failed'
  | 'login locked'
  | 'sign-in link sent'
  | 'sign-in link refused'
  | 'logout'
  | 'access denied'
  | 'user created'
  | 'invitations queued'
  | 'user deleted'
  | 'password changed'
  | 'password reset'
  | 'account unlocked'
  | 'session ended'
  | 'all sessions ended'
  | 'data changed'
  | 'backdated mark';

type Detail = string | number | boolean | null | undefined | Record<string, string>;

export function securityEvent(
  event: SecurityEvent,
  request: { requestId: string; user: CurrentUser | null },
  details: Record<string, Detail> = {},
): void {
  // Not null: the logger leaves out null fields, and a line should say that no one was signed in.
  const actor = request.user ? { id: request.user._id, email: request.user.email, role: request.user.role } : 'anonymous';
  const line = { securityEvent: event, requestId: request.requestId, actor, ...details };
  if (event === 'login locked' || event === 'access denied') logger.warn('security event', line);
  else logger.info('security event', line);
}
