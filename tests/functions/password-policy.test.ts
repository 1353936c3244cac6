import { describe, expect, it } from 'vitest';
import { passwordProblem } from '@functions/lib/auth/password-policy';
import { DEMO_ACCOUNTS } from '@functions/lib/demo-accounts';
import { PASSWORD_MESSAGES } from '@shared/schemas/auth';

/** Weak passwords are refused, each with a message that says why. */
const user = { email: 'asha.rao@college.test', username: 'Asha Rao' };

describe('the password rules', () => {
  it.each([
    ['aaaaaaaa', PASSWORD_MESSAGES.pattern],
    ['abcdefgh', PASSWORD_MESSAGES.pattern],
    ['hgfedcba', PASSWORD_MESSAGES.pattern],
    ['87654321', PASSWORD_MESSAGES.pattern],
    ['12121212', PASSWORD_MESSAGES.pattern],
    ['ab123456', PASSWORD_MESSAGES.pattern],
    ['xyz-1234-aaa', PASSWORD_MESSAGES.pattern],
    ['Password123!', PASSWORD_MESSAGES.commonVariant],
    ['passw0rd!', PASSWORD_MESSAGES.commonVariant],
    ['$unsh1ne-2026', PASSWORD_MESSAGES.commonVariant],
    ['samssams', PASSWORD_MESSAGES.product],
    ['attendance', PASSWORD_MESSAGES.product],
    ['Student2026!', PASSWORD_MESSAGES.product],
    ['SAMS-attendance', PASSWORD_MESSAGES.product],
    ['@dm1n-f4culty', PASSWORD_MESSAGES.product],
    ['Admin@12345', PASSWORD_MESSAGES.demo],
    ['Faculty@12345', PASSWORD_MESSAGES.demo],
    ['faculty@12345', PASSWORD_MESSAGES.demo],
    ['password', PASSWORD_MESSAGES.common],
  ])('refuses %s: %s', async (password, message) => {
    expect(await passwordProblem(password, user)).toBe(message);
  });

  it('refuses every demo password the login page shows', async () => {
    for (const { password } of DEMO_ACCOUNTS) expect(await passwordProblem(password, user)).toBe(PASSWORD_MESSAGES.demo);
  });

  it.each([
    'Monsoon-ledger-42',
    'First-admin-1',
    'Secret-123',
    'K7QM-9XPA-3HTR',
    'correct horse battery staple',
    'Qz7#pLm2vX9!kw',
    'मेरा-पासवर्ड-घर-7',
    'Attendance-of-monsoon-crows',
  ])('accepts %s', async (password) => {
    expect(await passwordProblem(password, user)).toBeNull();
  });
});
