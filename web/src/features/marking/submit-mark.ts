import type { MarkConflict } from '@shared/schemas/attendance';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { formatMoment } from '@web/lib/college-time';
import type { QueuedMark } from '@web/lib/offline/mark-queue';
import { queueMark } from '@web/lib/offline/queue-store';

/** What the confirmation says of a mark saved on the phone (docs/product.md §4, marking offline). */
export const SAVED_ON_PHONE = 'Saved on this phone — it will be sent when you are online';

/** sent: the server stored it; saved: it waits on this phone (no connection, or the server could not take it now). */
export type MarkOutcome = 'sent' | 'saved';

/** No answer, or the server failing for now: the mark is kept to be sent again (its clientMarkId makes that safe). */
const worthRetrying = (failure: unknown): boolean => failure instanceof ApiError && (failure.status === 0 || failure.status >= 500);

/**
 * Sends a mark, or saves it on this phone when there is no connection (or the send fails for lack of
 * one). A refusal (400, 403, 409) is thrown, for the screen to say.
 */
export async function sendOrSave(send: () => Promise<unknown>, mark: Pick<QueuedMark, 'body' | 'label' | 'view'>): Promise<MarkOutcome> {
  if (!navigator.onLine) {
    await queueMark(mark);
    return 'saved';
  }
  try {
    await send();
    return 'sent';
  } catch (failure) {
    if (!worthRetrying(failure)) throw failure;
    await queueMark(mark);
    return 'saved';
  }
}

/** Who marked the class first, and when ('Marked by Asha Rao, 2026-11-20 14:35', college time), from a 409's data. */
export function conflictDetail(conflict: MarkConflict): string {
  return `Marked by ${conflict.markedBy.username}, ${formatMoment(conflict.markedAt)}`;
}

/** A failed mark's message; for a class someone else marked first, with who and when. */
export function markFailure(failure: unknown): string {
  const conflict = failure instanceof ApiError && failure.status === 409 ? (failure.data as MarkConflict | null) : null;
  return conflict?.markedBy ? `${failure instanceof Error ? failure.message : ''} (${conflictDetail(conflict)})` : errorMessage(failure);
}
