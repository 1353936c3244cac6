/** Messages the user reads, written once for the server and the web app. */
export const MESSAGES = {
  wrongLogin: 'Wrong email or password',
  invalidEmail: 'Email address must be a valid address',
  passwordRequired: 'Password is required',
  loginThrottled: 'Too many failed logins for this account. Try again in 15 minutes.',
  notSignedIn: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  crossOrigin: 'Request refused: it did not come from this app',
  notFound: 'Not found',
  badRequestTarget: 'The request target is not a path on this server',
  unknownHost: 'This server does not answer to that host name',
  bodyTooLarge: 'Request body is too large (256 KB at most)',
  notJson: 'Send the request body as JSON (Content-Type: application/json)',
  badJson: 'Request body is not valid JSON',
  forbiddenKey: 'The request body holds a forbidden key (__proto__, constructor or prototype)',
  serverError: 'Something went wrong on our side. Please try again.',
  busy: 'The service is busy right now. Please try again in a moment.',
} as const;
