import * as z from 'zod/mini';
import { loginSchema } from '@shared/schemas/auth';
import { signInLinkCodeSchema, signInLinkRequestSchema } from '@shared/schemas/sign-in-link';

/** The sign-in forms' schemas, with zod: loaded through ./sign-in-checks.ts, not imported by a page. */
export const SIGN_IN_SCHEMAS = {
  login: loginSchema,
  linkRequest: signInLinkRequestSchema,
  code: z.object({ code: signInLinkCodeSchema.shape.code }),
};
