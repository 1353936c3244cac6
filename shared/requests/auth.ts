import { MESSAGES } from '../messages';
import { changePasswordSchema, loginSchema, registerSchema, setPasswordSchema } from '../schemas/auth';
import { idParam } from '../schemas/common';
import type { RequestsOf } from './types';

export const AUTH_REQUESTS = {
  'GET /config': {},
  'GET /privacy': {},
  'POST /auth/login': { body: loginSchema, refused: { status: 401, message: MESSAGES.wrongLogin } },
  'GET /auth/currentstatus': {},
  'POST /auth/logout': {},
  'POST /auth/register': { body: registerSchema },
  'POST /auth/password': { body: changePasswordSchema },
  'GET /auth/sessions': {},
  'DELETE /auth/sessions/{id}': { params: idParam('Session not found') },
  'DELETE /auth/sessions': {},
  'POST /auth/set-password': { body: setPasswordSchema },
} as const satisfies RequestsOf<'auth'>;
