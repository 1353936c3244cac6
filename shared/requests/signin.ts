import { oidcFinishSchema } from '../schemas/oidc';
import { signInLinkCodeSchema, signInLinkRequestSchema, signInLinkTokenSchema } from '../schemas/sign-in-link';
import type { RequestsOf } from './types';

export const SIGNIN_REQUESTS = {
  'POST /auth/link': { body: signInLinkRequestSchema },
  'POST /auth/link/token': { body: signInLinkTokenSchema },
  'POST /auth/link/code': { body: signInLinkCodeSchema },
  'GET /auth/oidc': {},
  'POST /auth/oidc/{provider}/start': {},
  'POST /auth/oidc/finish': { body: oidcFinishSchema },
} as const satisfies RequestsOf<'signin'>;
