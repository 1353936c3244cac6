import { preloadCheck } from '@web/lib/form';

/**
 * The sign-in forms' schemas (./sign-in-schemas.ts) load when a form is first focused or sent, so the login page, the
 * first page of most visits, opens without zod (docs/decisions.md).
 */
export const signInCheck = <K extends keyof SignInSchemas>(name: K) =>
  import('./sign-in-schemas').then(({ SIGN_IN_SCHEMAS }) => SIGN_IN_SCHEMAS[name]);

/** Starts loading them (a form's focus): by the time the form is sent, they are there. */
export const preloadSignInChecks = (): void => preloadCheck(() => import('./sign-in-schemas'));

type SignInSchemas = (typeof import('./sign-in-schemas'))['SIGN_IN_SCHEMAS'];
