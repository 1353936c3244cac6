import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, localLoginPage } from './oidc-login-page';

/**
 * The local OpenID provider of `npm start` and the tests: oidc-provider in this process, on
 * loopback, standing in for the college's Google Workspace or Entra ID so that sign-in with them
 * runs offline. Its built-in development login form takes an account's email as the login (any
 * password); only the accounts passed in exist. Consent is not asked: SAMS is the provider's own
 * application, as it is for a college that registers it with Google or Microsoft.
 */
export interface LocalOidcAccount {
  email: string;
  name: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export interface LocalOidcOptions {
  /** Where the provider sends the browser back to (SAMS's callback route). */
  redirectUri: string;
  accounts: readonly LocalOidcAccount[];
  /** Gives every ID token this `hd` claim, as Google Workspace does for its domain's accounts. */
  hostedDomain?: string;
}

export const LOCAL_OIDC_CLIENT_ID = 'sams-local';

/** Starts the provider on a port the system picks, so two stacks run side by side. */
export async function startLocalOidcProvider(options: LocalOidcOptions): Promise<LocalOidcProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const provider = new Provider(issuer, await configuration(options, clientSecret));
  const loginPage = localLoginPage(
    provider,
    options.accounts.map((account) => account.email),
  );
  const providerHandler = provider.callback();
  handle = (request, response) => {
    loginPage(request, response)
      .then(async (answered) => {
        if (!answered) await providerHandler(request, response);
      })
      .catch(() => response.headersSent || response.writeHead(400).end());
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { issuer, clientId: LOCAL_OIDC_CLIENT_ID, clientSecret, stop };
}

async function configuration({ redirectUri, accounts, hostedDomain }: LocalOidcOptions, clientSecret: string): Promise<Configuration> {
  const byEmail = new Map(accounts.map((account) => [account.email.toLowerCase(), account]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'sams-local-1', alg: 'RS256', use: 'sig' };
  return {
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'hd'], profile: ['name'] },
    // Google and Entra put the account's claims in the ID token itself; so does this provider.
    conformIdTokenClaims: false,
    async findAccount(_context, id) {
      const account = byEmail.get(id.trim().toLowerCase());
      if (!account) return undefined;
      const email = account.email.toLowerCase();
      return {
        accountId: email,
        claims: () => ({ sub: email, email, email_verified: true, name: account.name, ...(hostedDomain ? { hd: hostedDomain } : {}) }),
      };
    },
    loadExistingGrant: grantWithoutConsent,
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Grant: 8 * 3600, Session: 8 * 3600 },
    // The built-in error page loads a web font from Google: this one calls out to nothing.
    renderError(context, out) {
      context.type = 'html';
      const problem = escapeHtml(String(out.error_description ?? out.error));
      context.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed</title></head><body><p>${problem}</p></body></html>`;
    },
  };
}

/** The grant SAMS gets without a consent screen: the scopes it asks for, once per browser session. */
async function grantWithoutConsent(context: KoaContextWithOIDC) {
  const { provider, session, client, account, result } = context.oidc;
  if (!session || !client || !account) return undefined;
  const grantId = (result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId) return provider.Grant.find(grantId);
  const grant = new provider.Grant({ clientId: client.clientId, accountId: account.accountId });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
}
