/**
 * CloudFront Functions (JavaScript runtime 2.0, viewer request). Plain ES5 so the code runs the
 * same in CloudFront and in the tests that execute it.
 */

/**
 * Client routes (a last path segment without a dot, such as /dashboard/term) get the app's
 * index.html; files (/assets/x.js) are served as they are, and a missing one stays a 404.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.slice(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * API Gateway only answers requests whose Host is its own domain, so CloudFront cannot pass the
 * viewer's Host on. The origin check of state-changing requests (functions/lib/http/request-guards.ts)
 * compares Origin with x-forwarded-host instead: this sets it from the viewer's Host, replacing
 * whatever the viewer sent, so it cannot be forged through CloudFront.
 */
export const FORWARD_HOST_CODE = `function handler(event) {
  var request = event.request;
  var host = request.headers.host;
  if (host) request.headers['x-forwarded-host'] = { value: host.value };
  else delete request.headers['x-forwarded-host'];
  return request;
}`;
