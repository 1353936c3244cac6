import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '@functions/lib/db';
import { userProfile } from '@functions/lib/entities/user';
import { openStudentAccount } from '@functions/lib/repositories/accounts';
import { getStudent } from '@functions/lib/repositories/students';
import { useMailCatcher } from '@tests/support/alerts';
import { useCollege } from '@tests/support/college';
import { linkIn, setPassword } from '@tests/support/set-password-links';
import {
  between,
  collegeSignInStarted,
  linkSignInAsked,
  signInWithPassword,
  storedProfile,
  useLocalCollegeAccounts,
} from '@tests/support/sign-in-records';
import { useTestStack } from '@tests/support/stack';

/**
 * What an account records of its sign-ins (docs/product.md §2.5, §4): each sign-in, with a password, by an emailed
 * link or with the college's account, sets the account's last sign-in (when, how), which the admin's Users list
 * and the batch's invitations show; the Users list also says whether the user has a password of their own yet.
 */
const t = useTestStack('admin', 'faculty');
const inbox = useMailCatcher();
const college = useCollege(t, { prefix: 'SIR', perBatch: 2 });
const WELCOMED = `welcomed-${Date.now()}@college.test`;
useLocalCollegeAccounts(() => [t.faculty.email, 'sir001@college.test', WELCOMED]);

const listed = async (id: string) => {
  const users = await t.stack.api('GET /user', { cookie: t.admin.cookie });
  expect(users.status).toBe(200);
  return users.body.data.find((user) => user._id === id);
};
const batchid = () => college.divisions[0]!.batches[0]!.id;
const studentId = () => college.divisions[0]!.batches[0]!.students[0]!;
const studentRow = async () =>
  (await t.stack.api('GET /invitation/batch/{batchid}', { params: { batchid: batchid() }, cookie: t.admin.cookie })).body.data.find(
    (row) => row._id === studentId(),
  )!;

/** Runs one sign-in and answers the epoch-ms window it ran in, after checking that it signed in. */
async function timed(signIn: () => Promise<{ status: number }>) {
  const from = Date.now();
  const answer = await signIn();
  expect(answer.status).toBe(200);
  return { from, to: Date.now() };
}

describe("a staff user's sign-ins on the Users list", () => {
  it('shows the last one, with a password, by an emailed link and with the college account, each in turn', async () => {
    const id = t.faculty.user._id;
    const byPassword = await timed(() => signInWithPassword(t.stack, t.faculty.email, t.faculty.password));
    const afterPassword = await listed(id);
    expect(afterPassword).toMatchObject({ _id: id, lastSignIn: { method: 'password' } });
    expect(afterPassword).not.toHaveProperty('passwordNotChosen');
    expect(between(afterPassword!.lastSignIn!.at, byPassword.from, byPassword.to)).toBe(true);

    const link = await linkSignInAsked(t.stack, t.faculty.email, () => inbox.mails());
    const byLink = await timed(link.finish);
    const afterLink = (await listed(id))!.lastSignIn!;
    expect(afterLink.method).toBe('link');
    expect(between(afterLink.at, byLink.from, byLink.to)).toBe(true);

    const college = await collegeSignInStarted(t.stack, t.faculty.email);
    const byCollege = await timed(college.finish);
    const afterCollege = (await listed(id))!.lastSignIn!;
    expect(afterCollege).toEqual({ at: afterCollege.at, method: 'college' });
    expect(between(afterCollege.at, byCollege.from, byCollege.to)).toBe(true);
    // The account keeps the provider's id too, and nothing of an older release's record.
    const stored = await storedProfile(id);
    expect(stored!.lastSignIn).toEqual({ at: afterCollege.at, method: 'college', provider: 'local' });
    expect(stored!.lastSignInAt).toBeUndefined();
  });

  it("says a user has no password of their own while only the welcome link's or an admin's one-time password exists", async () => {
    const created = await t.stack.api('POST /user/invite', {
      body: { username: 'Welcomed Faculty', email: WELCOMED, role: 'faculty' },
      cookie: t.admin.cookie,
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    expect(await listed(id)).toEqual({ _id: id, username: 'Welcomed Faculty', email: WELCOMED, role: 'faculty', passwordNotChosen: true });

    // Signing in with the college account is a sign-in, not a password of their own.
    const college = await collegeSignInStarted(t.stack, WELCOMED);
    await timed(college.finish);
    expect(await listed(id)).toMatchObject({ passwordNotChosen: true, lastSignIn: { method: 'college' } });

    const [mail] = await inbox.mails(1);
    expect((await setPassword(t.stack, linkIn(mail!).token, 'Monsoon-ledger-42')).status).toBe(200);
    expect(await listed(id)).not.toHaveProperty('passwordNotChosen');
    await timed(() => signInWithPassword(t.stack, WELCOMED, 'Monsoon-ledger-42'));
    expect(await listed(id)).toMatchObject({ lastSignIn: { method: 'password' } });

    // An admin's one-time password is not one of their own, until they change it at its sign-in.
    const reset = await t.stack.api('POST /user/{id}/reset-password', { params: { id }, cookie: t.admin.cookie });
    expect(await listed(id)).toMatchObject({ passwordNotChosen: true });
    const withOneTime = await signInWithPassword(t.stack, WELCOMED, reset.body.data.oneTimePassword);
    expect(withOneTime.status).toBe(200);
    const cookie = withOneTime.setCookies.map((line) => line.split(';')[0]).join('; ');
    const changed = await t.stack.api('POST /auth/password', {
      body: { currentPassword: reset.body.data.oneTimePassword, newPassword: 'Harbour-lantern-17' },
      cookie,
    });
    expect(changed.status).toBe(200);
    expect(await listed(id)).not.toHaveProperty('passwordNotChosen');
  });

  it('says a user who signed in only before sign-ins were recorded did, without inventing when', async () => {
    const old = await t.stack.signIn('faculty');
    // An older release counted the sign-in (signIns) and recorded nothing of a password sign-in.
    await db.send(new UpdateCommand({ TableName: tableName(), Key: userProfile(old.user._id), UpdateExpression: 'REMOVE lastSignIn' }));
    expect(await listed(old.user._id)).toMatchObject({ signedInUnrecorded: true });
    expect(await listed(old.user._id)).not.toHaveProperty('lastSignIn');
  });
});

describe("a student's sign-ins on the batch's invitations", () => {
  it('shows when and how the student last signed in: by an emailed link, then with the college account', async () => {
    const student = (await getStudent(studentId()))!;
    await openStudentAccount(student);
    expect(await studentRow()).toMatchObject({ account: { email: student.email } });
    expect((await studentRow()).account).not.toHaveProperty('signedInAt');

    const link = await linkSignInAsked(t.stack, student.email!, () => inbox.mails());
    const byLink = await timed(link.finish);
    const afterLink = (await studentRow()).account;
    expect(afterLink.signedInBy).toBe('link');
    expect(between(afterLink.signedInAt!, byLink.from, byLink.to)).toBe(true);

    const college = await collegeSignInStarted(t.stack, student.email!);
    const byCollege = await timed(college.finish);
    const afterCollege = (await studentRow()).account;
    expect(afterCollege.signedInBy).toBe('college');
    expect(between(afterCollege.signedInAt!, byCollege.from, byCollege.to)).toBe(true);
    // Students are not on the staff Users list.
    expect(await listed(student._id)).toBeUndefined();
  });
});
