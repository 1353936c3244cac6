import { SIGN_IN_LINK_MESSAGES } from '@shared/schemas/sign-in-link';
import { SIGNIN_REQUESTS } from '@shared/requests/signin';
import { finishFederatedSignIn, offeredProviders, startFederatedSignIn } from './lib/auth/federated-sign-in';
import { requestSignInLink, signInWithLinkCode, signInWithLinkToken } from './lib/auth/sign-in-link';
import { resource } from './lib/http/resource';

/**
 * Sign-in resource: signing in without a password (docs/product.md §4), by an emailed link that works in the
 * browser that asked for it, or with the college's Google or Microsoft account. Apart from auth, whose bundle
 * holds the password checks.
 */
export const handler = resource('signin', SIGNIN_REQUESTS, {
  'POST /auth/link': async (request) => {
    const { email } = request.body;
    const { requestId, cookie } = await requestSignInLink(email, request);
    return { data: { request: requestId }, message: SIGN_IN_LINK_MESSAGES.sent, cookies: [cookie] };
  },

  'POST /auth/link/token': async (request) => {
    const { user, cookie } = await signInWithLinkToken(request.body, request);
    return { data: user, message: 'Logged in successfully', cookies: [cookie] };
  },

  'POST /auth/link/code': async (request) => {
    const { user, cookie } = await signInWithLinkCode(request.body, request);
    return { data: user, message: 'Logged in successfully', cookies: [cookie] };
  },

  'GET /auth/oidc': async () => ({ data: offeredProviders(), message: 'Sign-in providers' }),

  'POST /auth/oidc/{provider}/start': async (request) => {
    const { url, cookie } = await startFederatedSignIn(request.params.provider, request);
    return { data: { url }, message: 'Continue at the provider', cookies: [cookie] };
  },

  'POST /auth/oidc/finish': async (request) => {
    const { user, cookies } = await finishFederatedSignIn(request.body, request);
    return { data: user, message: 'Logged in successfully', cookies };
  },
});
