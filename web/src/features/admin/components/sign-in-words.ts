import type { ListedUser } from '@shared/answers/auth';
import { formatTime, wallClock } from '@shared/dates';
import type { SignInMethod } from '@shared/sign-in-methods';
import { formatDay } from './term-dates';

/**
 * How accounts sign in and when they last did, in the words of the Users list and the batch's invitations
 * (docs/product.md §2.5, §4): '26 Nov 2026, 14:05 by email link', in the college's time.
 */
const BY: Record<SignInMethod, string> = { password: 'password', link: 'email link', college: 'college account' };

/** A stored instant (ISO 8601) as the college reads it: '26 Nov 2026, 14:05'. */
export function signInMoment(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const { date, minute } = wallClock(timeZone, at);
  return `${formatDay(date)}, ${formatTime(minute)}`;
}

/** When and how: '26 Nov 2026, 14:05 by email link' (the time only for a sign-in recorded before methods were). */
export const whenAndHow = (at: string, method: SignInMethod | undefined, timeZone: string): string =>
  `${signInMoment(at, timeZone)}${method ? ` by ${BY[method]}` : ''}`;

/** The ways a staff user can sign in now: 'Password' (or 'Password not chosen yet'), 'Email link', 'College account'. */
export function signInMethods(user: Pick<ListedUser, 'email' | 'passwordNotChosen'>, collegeAccounts: boolean): string[] {
  return [
    user.passwordNotChosen ? 'Password not chosen yet' : 'Password',
    ...(user.email ? ['Email link'] : []),
    ...(collegeAccounts ? ['College account'] : []),
  ];
}

/** 'Last: 26 Nov 2026, 14:05 by email link', 'Never signed in', or (signed in only before sign-ins were recorded) 'Last sign-in not recorded'. */
export function lastSignInText(user: Pick<ListedUser, 'lastSignIn' | 'signedInUnrecorded'>, timeZone: string): string {
  if (user.lastSignIn) return `Last: ${whenAndHow(user.lastSignIn.at, user.lastSignIn.method, timeZone)}`;
  return user.signedInUnrecorded ? 'Last sign-in not recorded' : 'Never signed in';
}
