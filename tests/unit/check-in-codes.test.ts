import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_WINDOW_MS, codeAt, codeMatches, codeOf, newCheckInSecret, windowAt } from '@functions/lib/check-in/codes';

/** Check-in codes (functions/lib/check-in/codes.ts): one per 15 s window of a class's secret, checked with a window's grace. */
const secret = newCheckInSecret();
const start = Date.parse('2026-11-27T09:00:00Z');

describe('check-in codes', () => {
  it('are six letters or digits that cannot be confused, and change every 15 s', () => {
    const codes = Array.from({ length: 40 }, (_, n) => codeAt(secret, start + n * CODE_WINDOW_MS).code);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
    expect(CODE_ALPHABET).not.toMatch(/[IO01]/);
    // 40 windows, 40 different codes (two alike would be a 1 in 10^9 chance each).
    expect(new Set(codes).size).toBe(40);
    // The same within a window, and the screen is told when it changes.
    expect(codeAt(secret, start + CODE_WINDOW_MS - 1).code).toBe(codes[0]);
    expect(codeAt(secret, start + 3).changesAt).toBe(start + CODE_WINDOW_MS);
  });

  it('accept a code shown up to 20 s before or after the server’s moment (clock skew), and refuse older or later ones', () => {
    // Any moment of a window: its code is taken 20 s on, and 20 s before, whatever the moment's place in its window.
    for (const offset of [0, 1, 7_500, CODE_WINDOW_MS - 1]) {
      const shown = codeAt(secret, start + offset).code;
      for (const skew of [-20_000, -10_000, 0, 10_000, 20_000]) expect(codeMatches(secret, shown, start + offset + skew)).toBe(true);
    }
    // Past the skew by a window: refused.
    const shown = codeAt(secret, start).code;
    for (const seconds of [-36, 35, 45, 600]) expect(codeMatches(secret, shown, start + seconds * 1000)).toBe(false);
  });

  it('take a code typed in lower case, with spaces or a dash; refuse another class’s code and anything else', () => {
    const shown = codeOf(secret, windowAt(start));
    expect(codeMatches(secret, `${shown.slice(0, 3).toLowerCase()} - ${shown.slice(3)}`, start)).toBe(true);
    expect(codeMatches(newCheckInSecret(), shown, start)).toBe(false);
    for (const other of ['', shown.slice(0, 5), `${shown}A`, 'ÄBCDEF', '123456']) expect(codeMatches(secret, other, start)).toBe(false);
  });

  it('cannot be worked out from the codes before: each is an HMAC of the window with the class’s own secret', () => {
    const again = codeOf(secret, windowAt(start));
    expect(codeOf(secret, windowAt(start))).toBe(again);
    // Two classes opened at the same moment show unrelated codes.
    const others = Array.from({ length: 20 }, () => codeOf(newCheckInSecret(), windowAt(start)));
    expect(new Set([again, ...others]).size).toBe(21);
  });
});
