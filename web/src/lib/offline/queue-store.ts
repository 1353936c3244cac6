import { session } from '../session';
import { createStore, useStore } from '../store';
import { marksOf, saveMark, type QueuedMark } from './mark-queue';
import { newMarkId } from './ids';

/** What the screens show of the signed-in user's saved marks (read from IndexedDB after every change). */
const store = createStore<QueuedMark[]>([]);

export const useQueuedMarks = (): QueuedMark[] => useStore(store);
export const queuedMarks = (): QueuedMark[] => store.get();

/** Saved in this sign-in (this tab's): sent by itself. */
export const ofThisSignIn = (mark: QueuedMark): boolean => mark.signInId !== undefined && mark.signInId === session.signInId();

/** Waiting and of this sign-in: sent by itself when the connection allows. */
export const waitingMarks = (marks: readonly QueuedMark[]): QueuedMark[] =>
  marks.filter((mark) => mark.state === 'waiting' && ofThisSignIn(mark));

/** Waiting from an earlier sign-in (or changed on the device): sent only once the user has reviewed it. */
export const marksToReview = (marks: readonly QueuedMark[]): QueuedMark[] =>
  marks.filter((mark) => mark.state === 'waiting' && !ofThisSignIn(mark));

/** Reads the signed-in user's saved marks again (none when signed out). */
export async function reloadQueue(): Promise<void> {
  const user = session.get().user;
  store.set(user ? await marksOf(user._id) : []);
}

/** Saves a mark on this phone to be sent later: the mark's body (its clientMarkId in it), its label and its view link. */
export async function queueMark(mark: Pick<QueuedMark, 'body' | 'label' | 'view'>): Promise<QueuedMark> {
  const user = session.get().user;
  const signInId = session.signInId();
  if (!user || !signInId) throw new Error('Sign in to mark attendance');
  const queued: QueuedMark = {
    ...mark,
    clientMarkId: mark.body.clientMarkId || newMarkId(),
    userId: user._id,
    signInId,
    savedAt: new Date().toISOString(),
    state: 'waiting',
    attempts: 0,
    nextTryAt: 0,
  };
  await saveMark(queued);
  await reloadQueue();
  return queued;
}
