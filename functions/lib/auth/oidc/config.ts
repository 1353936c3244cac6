import { z } from 'zod';

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

const providerSchema = z
  .strictObject({
    id: z.enum(OIDC_PROVIDER_IDS),
    issuer: z.url({ protocol: /^https?$/ }).transform((issuer) => issuer.replace(/\/+$/, '')),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1).optional(),
    clientSecretArn: z
      .string()
      .regex(/^arn:aws[\w-]*:secretsmanager:/, 'must be a Secrets Manager secret ARN')
      .optional(),
    allowedDomain: z
      .string()
      .transform((domain) => domain.toLowerCase())
      .pipe(z.string().regex(DOMAIN, 'must be a domain name such as college.edu'))
      .optional(),
    allowedTenant: z
      .string()
      .transform((tenant) => tenant.toLowerCase())
      .pipe(z.string().regex(TENANT_ID, 'must be the Entra tenant ID (a GUID)'))
      .optional(),
    tokenEndpointAuth: z.enum(['client_secret_post', 'client_secret_basic']).default('client_secret_post'),
  })
  .superRefine((provider, context) => {
    const problem = (message: string) => context.addIssue({ code: 'custom', message: `${provider.id}: ${message}` });
    if (!provider.clientSecret === !provider.clientSecretArn) problem('give exactly one of clientSecret and clientSecretArn');
    if (provider.id === 'google' && !provider.allowedDomain) problem("give allowedDomain, the college's Google Workspace domain");
    if (provider.id === 'microsoft' && !provider.allowedTenant) problem("give allowedTenant, the college's Entra tenant ID");
    const issuer = new URL(provider.issuer);
    if (issuer.protocol !== 'https:' && !(provider.id === 'local' && LOOPBACK.has(issuer.hostname))) {
      problem('the issuer must be an https address (plain http only for the local provider on loopback)');
    }
  });

export type OidcProvider = z.infer<typeof providerSchema>;

const providersSchema = z.array(providerSchema).refine((providers) => new Set(providers.map((p) => p.id)).size === providers.length, {
  message: 'each provider id may appear once',
});

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
  const problems = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  throw new Error(`OIDC_PROVIDERS is not valid: ${problems.join('; ')}`);
}

/** The provider's name as a user reads it in a message. */
export const providerName = (id: OidcProviderId): string =>
  ({ google: 'Google', microsoft: 'Microsoft', local: 'the local sign-in service' })[id];
