import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, type ResponseSecurityHeadersBehavior } from 'aws-cdk-lib/aws-cloudfront';
import { PAGE_HEADERS } from '@shared/security-headers';

/**
 * shared/security-headers.ts's PAGE_HEADERS as a CloudFront response headers policy, so pages
 * carry the same headers from CloudFront as from the local server. Throws on a header or value
 * it cannot express, rather than silently dropping it.
 */
export function pageSecurityHeaders(headers: Readonly<Record<string, string>> = PAGE_HEADERS): ResponseSecurityHeadersBehavior {
  const known = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'x-frame-options'];
  const unknown = Object.keys(headers).filter((name) => !known.includes(name));
  if (unknown.length) throw new Error(`No CloudFront mapping for page header(s): ${unknown.join(', ')}`);

  return {
    contentSecurityPolicy: { contentSecurityPolicy: required(headers, 'content-security-policy'), override: true },
    strictTransportSecurity: { ...parseHsts(required(headers, 'strict-transport-security')), override: true },
    contentTypeOptions: { override: expect(headers, 'x-content-type-options', 'nosniff') },
    referrerPolicy: { referrerPolicy: enumValue(HeadersReferrerPolicy, headers, 'referrer-policy'), override: true },
    frameOptions: { frameOption: enumValue(HeadersFrameOption, headers, 'x-frame-options'), override: true },
  };
}

function required(headers: Readonly<Record<string, string>>, name: string): string {
  const value = headers[name];
  if (value === undefined) throw new Error(`Page header ${name} is missing`);
  return value;
}

function expect(headers: Readonly<Record<string, string>>, name: string, value: string): true {
  if (required(headers, name) !== value) throw new Error(`CloudFront can only send ${name}: ${value}`);
  return true;
}

function enumValue<T extends string>(values: Record<string, T>, headers: Readonly<Record<string, string>>, name: string): T {
  const value = required(headers, name);
  const match = Object.values(values).find((candidate) => candidate === value);
  if (!match) throw new Error(`CloudFront cannot send ${name}: ${value}`);
  return match;
}

function parseHsts(value: string) {
  const directives = value.split(';').map((directive) => directive.trim().toLowerCase());
  const maxAge = /^max-age=(\d+)$/.exec(directives[0] ?? '')?.[1];
  const rest = directives.slice(1).filter((directive) => directive !== 'includesubdomains' && directive !== 'preload');
  if (!maxAge || rest.length) throw new Error(`CloudFront cannot send strict-transport-security: ${value}`);
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge)),
    includeSubdomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
  };
}
