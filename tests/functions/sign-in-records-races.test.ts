import { describe, expect, it } from 'vitest';
import { loginSessionKeysOfUser } from '@functions/lib/repositories/login-sessions';
import { useMailCatcher } from '@tests/support/alerts';
import { withDatabaseError } from '@tests/support/faults';
import {
  between,
  collegeSignInStarted,
  linkSignInAsked,
  signInWithPassword,
  storedProfile,
  useLocalCollegeAccounts,
  type SignInAttempt,
} from '@tests/support/sign-in-records';
import { useTestStack } from '@tests/support/stack';

/**
 * The last sign-in is recorded in the transaction that stores the sign-in's login session
 * (functions/lib/repositories/sign-in-records.ts): sign-ins at once all succeed and the record is one of them;
 * a failed write leaves neither a login session nor a record of it.
 */
const t = useTestStack('admin', 'faculty');
const inbox = useMailCatcher();
useLocalCollegeAccounts(() => [t.faculty.email]);

const profile = async () => (await storedProfile(t.faculty.user._id))!;
const sessions = async () => (await loginSessionKeysOfUser(t.faculty.user._id)).length;

describe('sign-ins of one account at once', () => {
  it('all succeed, each counted, and the last sign-in recorded is one of them', async () => {
    // The links asked and the provider's returns reached first: only the sign-ins themselves run at once.
    const links = [];
    for (let i = 0; i < 2; i++) links.push(await linkSignInAsked(t.stack, t.faculty.email, () => inbox.mails()));
    const colleges = [];
    for (let i = 0; i < 3; i++) colleges.push(await collegeSignInStarted(t.stack, t.faculty.email));
    const before = { signIns: (await profile()).signIns as number, sessions: await sessions() };

    const from = Date.now();
    const answers = await Promise.all([
      ...links.map((link) => link.finish()),
      ...colleges.map((college) => college.finish()),
      ...Array.from({ length: 3 }, () => signInWithPassword(t.stack, t.faculty.email, t.faculty.password)),
    ]);
    const to = Date.now();
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));

    const after = await profile();
    expect(after.signIns).toBe(before.signIns + 8);
    expect(await sessions()).toBe(before.sessions + 8);
    const last = after.lastSignIn as { at: string; method: string; provider?: string };
    expect(['password', 'link', 'college']).toContain(last.method);
    expect(last.provider).toBe(last.method === 'college' ? 'local' : undefined);
    expect(between(last.at, from, to)).toBe(true);
  }, 60_000);
});

describe('a sign-in whose write fails', () => {
  it.each<[string, () => Promise<SignInAttempt>]>([
    ['with a password', async () => ({ finish: () => signInWithPassword(t.stack, t.faculty.email, t.faculty.password) })],
    ['with the college account', () => collegeSignInStarted(t.stack, t.faculty.email)],
    ['by an emailed link', () => linkSignInAsked(t.stack, t.faculty.email, () => inbox.mails())],
  ])('%s is refused with a plain 503, leaving no login session and the last sign-in as it was', async (_, start) => {
    const signIn = await start();
    const before = { profile: await profile(), sessions: await sessions() };
    const failed = await withDatabaseError('InternalServerError', (command) => command === 'TransactWriteItemsCommand', signIn.finish);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('The service is busy right now. Please try again in a moment.');
    expect(failed.setCookies.filter((line) => /^(__Host-)?sams_session=[^;]/.test(line))).toEqual([]);
    const after = await profile();
    expect(after.lastSignIn).toEqual(before.profile.lastSignIn);
    expect(after.signIns).toBe(before.profile.signIns);
    expect(await sessions()).toBe(before.sessions);
  });

  it('does not stop the next sign-in, which is recorded', async () => {
    const from = Date.now();
    expect((await signInWithPassword(t.stack, t.faculty.email, t.faculty.password)).status).toBe(200);
    const last = (await profile()).lastSignIn as { at: string; method: string };
    expect(last.method).toBe('password');
    expect(between(last.at, from, Date.now())).toBe(true);
  });
});
