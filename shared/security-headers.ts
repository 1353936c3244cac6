/**
 * Security headers (docs/security.md). The local server sends PAGE_HEADERS with every page,
 * CloudFront sends the same through its response headers policy, and every API response
 * carries API_HEADERS.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  // The service worker and the web manifest of the installable app (docs/product.md §4, marking offline).
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const HSTS = 'max-age=31536000; includeSubDomains';

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * PAGE_HEADERS whose connect-src also names `origins` (exact origins, no wildcards): the
 * attachments bucket's, which pages post uploads to and fetch files from.
 */
export function pageHeadersConnectingTo(origins: readonly string[]): Readonly<Record<string, string>> {
  if (origins.length === 0) return PAGE_HEADERS;
  const policy = CONTENT_SECURITY_POLICY.replace("connect-src 'self'", ["connect-src 'self'", ...origins].join(' '));
  return { ...PAGE_HEADERS, 'content-security-policy': policy };
}

export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
