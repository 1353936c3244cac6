import * as z from 'zod/mini';

// zod/mini: the same schemas validate forms in the browser and bodies on the server, and the
// mini build keeps the web bundle small.

/** A required text field: trimmed, non-empty, bounded. `message` is shown when it is missing or empty. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: `At most ${max} characters` }));

// A pragmatic address pattern: something@domain.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailAddress = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(254, { error: message }), z.regex(EMAIL_PATTERN, { error: message }));

/** An id in a path or a body: the server's ids are UUIDs, but any short token is looked up and may 404. */
export const entityId = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(64, { error: message }));
