import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_GZIP_BASE64 } from '@functions/lib/auth/common-passwords';
import { unpacked } from '@functions/lib/auth/password-policy';

/** The packed list the auth Lambda carries is the readable one beside it, line for line. */
describe('the common passwords', () => {
  it('packed are exactly common-passwords.txt: 3,000, none shorter than 8 characters', () => {
    const readable = readFileSync(new URL('../../functions/lib/auth/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean);
    const packed = unpacked(COMMON_PASSWORDS_GZIP_BASE64);
    expect(packed).toEqual(readable);
    expect(packed).toHaveLength(3000);
    expect(packed.filter((password) => password.length < 8)).toEqual([]);
    expect(packed.slice(0, 3)).toEqual(['password', '12345678', '123456789']);
  });
});
