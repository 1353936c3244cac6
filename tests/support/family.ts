import { newLoginSession, signedInUser } from '@functions/lib/auth/sign-in';
import { openGuardianAccount, openStudentAccount, type AccountItem } from '@functions/lib/repositories/accounts';
import { loginSessionItem } from '@functions/lib/repositories/login-sessions';
import { getStudent } from '@functions/lib/repositories/students';
import { transact } from '@functions/lib/writes';
import { cookieHeader, type StackFixture } from './stack';

/**
 * Students and guardians signed in, for tests of what they may reach: their accounts opened and a login
 * session stored as a sign-in by link stores it (tests/functions/sign-in-link.test.ts tests that sign-in).
 */
export interface FamilyMember {
  account: AccountItem;
  cookie: string;
}

async function signedIn(account: AccountItem): Promise<FamilyMember> {
  const { loginSession, cookie } = await newLoginSession(signedInUser(account), { secure: false, userAgent: 'vitest' });
  await transact({ loginSession: loginSessionItem(loginSession) });
  return { account, cookie: cookieHeader([cookie]) };
}

/** The student of this record, signed in. */
export async function signedInStudent(studentId: string): Promise<FamilyMember> {
  const student = await getStudent(studentId);
  if (!student) throw new Error(`no student ${studentId}`);
  return signedIn(await openStudentAccount(student));
}

/** The guardian of these records (each naming `contact.email` among its guardians), signed in. */
export async function signedInGuardian(contact: { name: string; email: string }, studentIds: string[]): Promise<FamilyMember> {
  let account: AccountItem | undefined;
  for (const id of studentIds) account = await openGuardianAccount(contact, id);
  if (!account) throw new Error('a guardian needs a student');
  return signedIn(account);
}

/** A guardian contact the admin puts on the student's record (replacing its guardians), signed in. */
export async function namedGuardian(
  t: StackFixture<'admin'>,
  contact: { name: string; email: string },
  studentId: string,
): Promise<FamilyMember> {
  const named = await t.stack.api('PATCH /student/{id}', {
    params: { id: studentId },
    body: { guardians: [{ ...contact, relation: 'Mother' }] },
    cookie: t.admin.cookie,
  });
  if (named.status !== 200) throw new Error(`guardian not named: ${named.body.message}`);
  return signedInGuardian(contact, [studentId]);
}
