import * as z from 'zod/mini';

/**
 * The identity providers a deployment signs in with: OIDC_PROVIDERS, a JSON list of
 * `{ id, issuer, clientId, clientSecret | clientSecretArn, allowedDomain?, allowedTenant?, tokenEndpointAuth? }`.
 * None set: sign-in with Google or Microsoft is off. A Google provider names the Workspace domain
 * whose accounts may sign in (the ID token's `hd`), a Microsoft one the Entra tenant (`tid`): an
 * account from anywhere else is refused, so neither may be left open.
 */
export const OIDC_PROVIDER_IDS = ['google', 'microsoft', 'local'] as const;
export type OidcProviderId = (typeof OIDC_PROVIDER_IDS)[number];

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const lowerCase = (pattern: RegExp, error: string) => z.optional(z.string().check(z.toLowerCase(), z.regex(pattern, { error })));

const providerSchema = z
  .strictObject({
    id: z.enum(OIDC_PROVIDER_IDS),
    issuer: z.pipe(
      z.url({ protocol: /^https?$/ }),
      z.transform((issuer: string) => issuer.replace(/\/+$/, '')),
    ),
    clientId: z.string().check(z.minLength(1)),
    clientSecret: z.optional(z.string().check(z.minLength(1))),
    clientSecretArn: z.optional(
      z.string().check(z.regex(/^arn:aws[\w-]*:secretsmanager:/, { error: 'must be a Secrets Manager secret ARN' })),
    ),
    allowedDomain: lowerCase(DOMAIN, 'must be a domain name such as college.edu'),
    allowedTenant: lowerCase(TENANT_ID, 'must be the Entra tenant ID (a GUID)'),
    tokenEndpointAuth: z._default(z.enum(['client_secret_post', 'client_secret_basic']), 'client_secret_post'),
  })
  .check((context) => {
    const provider = context.value;
    const problem = (message: string) => context.issues.push({ code: 'custom', message: `${provider.id}: ${message}`, input: provider });
    if (!provider.clientSecret === !provider.clientSecretArn) problem('give exactly one of clientSecret and clientSecretArn');
    if (provider.id === 'google' && !provider.allowedDomain) problem("give allowedDomain, the college's Google Workspace domain");
    if (provider.id === 'microsoft' && !provider.allowedTenant) problem("give allowedTenant, the college's Entra tenant ID");
    const issuer = new URL(provider.issuer);
    if (issuer.protocol !== 'https:' && !(provider.id === 'local' && LOOPBACK.has(issuer.hostname))) {
      problem('the issuer must be an https address (plain http only for the local provider on loopback)');
    }
  });

export type OidcProvider = z.infer<typeof providerSchema>;

const providersSchema = z
  .array(providerSchema)
  .check(
    z.refine((providers) => new Set(providers.map((p) => p.id)).size === providers.length, { error: 'each provider id may appear once' }),
  );

let parsed: { from: string; providers: readonly OidcProvider[] } | undefined;

/** The configured providers (none when OIDC_PROVIDERS is unset or empty); a malformed setting throws, naming what is wrong. */
export function oidcProviders(setting = process.env.OIDC_PROVIDERS ?? ''): readonly OidcProvider[] {
  if (parsed?.from === setting) return parsed.providers;
  const providers = setting.trim() === '' ? [] : parseProviders(setting);
  parsed = { from: setting, providers };
  return providers;
}

/** The provider with this id, if the deployment has it. */
export function oidcProvider(id: string, setting?: string): OidcProvider | undefined {
  return oidcProviders(setting).find((provider) => provider.id === id);
}

function parseProviders(setting: string): OidcProvider[] {
  let json: unknown;
  try {
    json = JSON.parse(setting);
  } catch {
    throw new Error('OIDC_PROVIDERS is not valid JSON');
  }
  const result = providersSchema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    // zod/mini's messages are terse: name the unknown fields.
    const message = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : issue.message;
    return issue.path.length ? `${issue.path.join('.')}: ${message}` : message;
  });
  throw new Error(`OIDC_PROVIDERS is not valid: ${problems.join('; ')}`);
}

/** The provider's name as a user reads it in a message. */
export const providerName = (id: OidcProviderId): string =>
  ({ google: 'Google', microsoft: 'Microsoft', local: 'the local sign-in service' })[id];
