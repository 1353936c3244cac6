import { session } from '../session';
import { rememberLogout } from './pending-logout';
import { queuedMarks } from './queue-store';

/*
 * Logging out (docs/product.md §4, marking offline). With marks of this sign-in not sent yet, the app
 * asks first (send them now, or keep them for review); with no network it signs out on this device at
 * once and ends the server's session when the network is back. Marks still waiting are kept either way,
 * and shown for review at their user's next sign-in: never sent by themselves.
 */

/** '1 mark saved on this phone has not been sent yet.' */
export const notSentText = (count: number): string =>
  `${count === 1 ? '1 mark saved on this phone has' : `${count} marks saved on this phone have`} not been sent yet.`;

/** What the logout dialog offers. */
export const LOGOUT_CHOICES =
  'Send them now, or keep them on this phone: at your next sign-in here you will see each one (class, date, who is absent or late) and send it or discard it.';

/** What a logout with no network says, with how many marks stay for review. */
export function deviceLogoutText(kept: number): string {
  const marks =
    kept === 0
      ? ''
      : ` ${kept === 1 ? '1 mark saved on this phone is' : `${kept} marks saved on this phone are`} kept for you to review at your next sign-in here.`;
  return `Logged out on this phone.${marks} Your session on the server ends as soon as you are back online.`;
}

/** The signed-in user's marks that still wait (of this sign-in or an earlier one). */
export const keptMarks = (): number => queuedMarks().filter((mark) => mark.state === 'waiting').length;

/** Signs out here at once (no network): the server's session is ended when the network is back. */
export function signOutOnDevice(): void {
  rememberLogout();
  session.signOut();
}
