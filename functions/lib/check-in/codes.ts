import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The check-in codes of a class (docs/product.md §2.18): the classroom screen shows a code that changes every
 * CODE_WINDOW_MS, derived from the class's own random secret and the window's number (an HMAC), so no code
 * can be worked out from earlier ones or from another class's. The server makes and checks every code by its
 * own clock: a phone's clock plays no part.
 */

export const CODE_WINDOW_MS = 15_000;
/** How far apart the code's moment and the server's may be: a code read off the screen 20 s ago is still taken. */
export const CODE_SKEW_MS = 20_000;
export const CODE_LENGTH = 6;
/** Letters and digits that cannot be mistaken for one another on a projector (no I, O, 0 or 1): 32 of them. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new class's secret: 32 random bytes, base64url. */
export const newCheckInSecret = (): string => randomBytes(32).toString('base64url');

/** The number of the window a moment falls in. */
export const windowAt = (ms: number): number => Math.floor(ms / CODE_WINDOW_MS);

/** The code of one window. */
export function codeOf(secret: string, window: number): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'base64url')).update(`sams-check-in:${window}`).digest();
  return Array.from(mac.subarray(0, CODE_LENGTH), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** The code to show at `now`, and the moment the next one replaces it. */
export function codeAt(secret: string, now: number): { code: string; changesAt: number } {
  const window = windowAt(now);
  return { code: codeOf(secret, window), changesAt: (window + 1) * CODE_WINDOW_MS };
}

/** A code as typed: upper case, without spaces or dashes ('abc 23-x' is 'ABC23X'). */
export const typedCode = (text: string): string => text.toUpperCase().replace(/[\s-]/g, '');

/**
 * Whether `text` is the code of a moment within CODE_SKEW_MS of `now` (the windows of now, and either side of it
 * as far as those 20 s reach): a code typed slowly or just as the screen changed, or read from a screen whose
 * request was answered a moment later.
 */
export function codeMatches(secret: string, text: string, now: number): boolean {
  const typed = Buffer.from(typedCode(text));
  const [first, last] = [windowAt(now - CODE_SKEW_MS), windowAt(now + CODE_SKEW_MS)];
  return Array.from({ length: last - first + 1 }, (_, n) => first + n).some((near) => {
    const expected = Buffer.from(codeOf(secret, near));
    return expected.length === typed.length && timingSafeEqual(expected, typed);
  });
}
