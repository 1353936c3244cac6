import { queuedMarks, waitingMarks } from './queue-store';

/** The warning before logging out with marks not sent yet (docs/product.md §4, marking offline). */
export const signOutWarning = (count: number): string =>
  `${count === 1 ? '1 mark saved on this phone has' : `${count} marks saved on this phone have`} not been sent yet. ` +
  'They stay on this phone and are sent the next time you sign in here. Log out anyway?';

/** Whether to go on logging out: at once with no mark waiting, else once the user confirms. */
export function mayLogOut(): boolean {
  const waiting = waitingMarks(queuedMarks()).length;
  return waiting === 0 || window.confirm(signOutWarning(waiting));
}
