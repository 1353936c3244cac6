/** Messages the user reads, written once for the server and the web app. */
export const MESSAGES = {
  wrongLogin: 'Wrong email or password',
  invalidEmail: 'Email address must be a valid address',
  passwordRequired: 'Password is required',
  loginThrottled: 'Too many failed logins for this account. Try again in 15 minutes.',
  loginsFromHereThrottled: 'Too many logins from this network. Try again in a few minutes.',
  mustChangePassword: 'Choose a new password first: you signed in with a one-time password',
  notSignedIn: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  accessEnded:
    'Your access to SAMS has ended: the student record it was for was removed or changed. Ask the college office if this is wrong.',
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
  itemTooLarge: 'This is too large to store as one record (DynamoDB holds at most 400 KB per item). Make it smaller and try again.',
} as const;

/** 200 to a mark whose clientMarkId the session already carries: it was stored when first sent (a word of the marks queue, without zod). */
export const MARK_ALREADY_STORED = 'This attendance was already received and stored';
