import { PASSWORD_MESSAGES } from '@shared/schemas/auth';

/**
 * What a new password must not be (OWASP ASVS 5.0 V6.2): one of the common passwords, or built
 * on the user's own name or email. Length is the schema's (8 to 1024 characters); no rules on
 * character classes (V6.2.5). The list loads on the first password set, never at cold start.
 */
let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('./common-passwords').then(({ COMMON_PASSWORDS }) => new Set(COMMON_PASSWORDS.split('\n').filter(Boolean))));

/** Parts of a name or email long enough to matter: name "Asha Rao", email "asha.r@…" → asha (rao and r are too short to matter). */
const personalWords = (user: { email: string; username: string }): string[] =>
  `${user.username} ${user.email.split('@')[0]}`
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4 && /\p{L}/u.test(word));

/** The reason this password is refused, or null when it may be used. */
export async function passwordProblem(password: string, user: { email: string; username: string }): Promise<string | null> {
  const lower = password.normalize('NFKC').toLowerCase();
  if ((await commonPasswords()).has(lower)) return PASSWORD_MESSAGES.common;
  if (lower.includes(user.email.toLowerCase()) || personalWords(user).some((word) => lower.includes(word)))
    return PASSWORD_MESSAGES.personal;
  return null;
}
