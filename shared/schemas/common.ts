import * as z from 'zod/mini';
import { hasInvisibleCharacters, normalizeText, TEXT_MESSAGES } from '../text/normalize';
import { isCalendarDate } from '../dates';
import { hasMixedScriptWord } from '../text/scripts';

// zod/mini: the same schemas validate forms in the browser and bodies on the server, and the
// mini build keeps the web bundle small.

/** Normalised as it is stored (shared/text/normalize.ts); invisible and control characters refused, naming `field`. */
const typed = (field: string) => [
  z.overwrite(normalizeText),
  z.refine((text: unknown) => typeof text !== 'string' || !hasInvisibleCharacters(text), { error: TEXT_MESSAGES.invisible(field) }),
];

/**
 * A required text field: normalised (NFKC, trimmed, spaces collapsed), non-empty, bounded, with
 * no invisible characters. `message` is shown when it is missing or empty; `field` names it.
 */
export const requiredText = (message: string, max = 200, field = 'Name') =>
  z
    .string({ error: message })
    .check(...typed(field), z.minLength(1, { error: message }), z.maxLength(max, { error: `At most ${max} characters` }));

/** A text field that may be left empty: normalised and bounded as requiredText is. */
export const optionalText = (message: string, max = 200, field = 'Name') =>
  z.string({ error: message }).check(...typed(field), z.maxLength(max, { error: message }));

/**
 * A person's name (a username, a student's name): a requiredText none of whose words mixes scripts
 * (shared/text/scripts.ts). People may share a name, so lists show the email or enrollment beside it.
 */
export const personName = (message: string, max = 200, field = 'Name') =>
  requiredText(message, max, field).check(z.refine((text) => !hasMixedScriptWord(text), { error: TEXT_MESSAGES.mixedScripts(field) }));

// A pragmatic address pattern: something@domain.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailAddress = (message: string) =>
  z.string({ error: message }).check(...typed('Email'), z.maxLength(254, { error: message }), z.regex(EMAIL_PATTERN, { error: message }));

/** A required email address: `missing` when it is empty, `invalid` when it is not an address. */
export const requiredEmail = (missing: string, invalid: string) =>
  z.pipe(z.string({ error: missing }).check(z.trim(), z.minLength(1, { error: missing })), emailAddress(invalid));

/** An id in a path or a body: the server's ids are UUIDs, but any short token is looked up and may 404. */
export const entityId = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(64, { error: message }));

/** A real calendar day written YYYY-MM-DD. */
export const calendarDate = (message: string) => z.string({ error: message }).check(z.trim(), z.refine(isCalendarDate, { error: message }));

/** A path parameter holding an id (a request's `params` row, shared/requests): `message` answers one empty or too long. */
export const idParam = (message = 'Some error occur', name = 'id') => ({ [name]: entityId(message) });
