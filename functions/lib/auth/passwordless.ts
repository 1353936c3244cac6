import { isStaff } from '@shared/constants';
import type { PublicUser, SignedInUser } from '@shared/schemas/auth';
import { securityEvent } from '../http/security-events';
import type { ApiRequest } from '../http/types';
import { studentsOfAccount, withStudents, type ReachedStudent } from '../repositories/accounts';
import { createPasswordlessLoginSession } from '../repositories/login-sessions';
import type { PasswordlessVia } from '../repositories/sign-in-records';
import type { TransactItem } from '../writes';
import { newLoginSession, signedInUser } from './sign-in';

/**
 * What the sign-ins without a password share (an emailed link, the college's Google or Microsoft account):
 * who may use them, and the login session they start.
 */
type Request = Pick<ApiRequest, 'requestId' | 'user' | 'secure' | 'userAgent'>;
type Account = Pick<PublicUser, '_id' | 'username' | 'email' | 'role'>;

/** The students a student's or guardian's account reaches now (null: none, so it may not sign in); staff: undefined. */
export async function studentsReached(account: Account): Promise<ReachedStudent[] | null | undefined> {
  if (isStaff(account.role)) return undefined;
  const students = await studentsOfAccount({ ...account, role: account.role });
  return students.length ? students : null;
}

/** The method as the security log names it: 'email link', 'oidc google'. */
const loggedMethod = (via: PasswordlessVia): string => (via.method === 'link' ? 'email link' : `oidc ${via.provider}`);

/**
 * Signs the account in on this browser (with `spend` used up in the same transaction), recording on the account
 * when and how (`via`); null when it may not (no record names a student or guardian any more) or the account, or
 * what was spent, went meanwhile.
 */
export async function startPasswordlessSession(
  account: Account,
  request: Request,
  via: PasswordlessVia,
  spend?: TransactItem,
): Promise<{ user: SignedInUser; cookie: string } | null> {
  const students = await studentsReached(account);
  if (students === null) return null;
  const { loginSession, cookie } = await newLoginSession(signedInUser(account), request);
  if (!(await createPasswordlessLoginSession(loginSession, via, spend))) return null;
  const method = loggedMethod(via);
  securityEvent('login succeeded', { ...request, user: { ...loginSession.user, loginSessionId: loginSession.loginSessionId } }, { method });
  return { user: withStudents(loginSession.user, students), cookie };
}
