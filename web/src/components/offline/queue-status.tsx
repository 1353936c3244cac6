import { Link } from 'react-router-dom';
import { isStaff } from '@shared/constants';
import { useOnline } from '@web/lib/offline/online';
import { useSession } from '@web/lib/session';
import { marksToReview, useQueuedMarks, waitingMarks } from '@web/lib/offline/queue-store';
import './offline.css';

export const QUEUE_PATH = '/queue';
export const OFFLINE_NOTE = 'You are offline. Marks you make are saved on this phone and sent when you are online.';
/** Students and guardians mark nothing: their pages say what they show offline. */
export const FAMILY_OFFLINE_NOTE = 'You are offline.';

/** "1 mark waiting", "3 marks waiting". */
export const waitingText = (count: number): string => `${count} ${count === 1 ? 'mark' : 'marks'} waiting to be sent`;

/** Marks of an earlier sign-in: sent only once their user has seen them. */
export const reviewText = (count: number): string =>
  `${count === 1 ? '1 mark saved in an earlier sign-in needs' : `${count} marks saved in an earlier sign-in need`} your review`;

/**
 * Under the navigation bar (docs/product.md §4, marking offline): says when there is no connection, and
 * shows how many marks saved on this phone wait to be sent, and how many of an earlier sign-in wait for
 * review, as a link to their list. Nothing otherwise.
 */
export function QueueStatus() {
  const { user } = useSession();
  const online = useOnline();
  const marks = useQueuedMarks();
  const waiting = waitingMarks(marks).length;
  const toReview = marksToReview(marks).length;
  const problems = marks.filter((mark) => mark.state === 'conflict' || mark.state === 'refused').length;
  if (online && waiting === 0 && toReview === 0 && problems === 0) return null;
  return (
    <div className={`queue-status${online ? '' : ' is-offline'}`} role="status">
      {!online && <p className="queue-status-note">{user && !isStaff(user.role) ? FAMILY_OFFLINE_NOTE : OFFLINE_NOTE}</p>}
      {(waiting > 0 || toReview > 0 || problems > 0) && (
        <Link to={QUEUE_PATH} className="queue-status-link">
          {waiting > 0 && (
            <>
              <span className="queue-badge" aria-hidden="true">
                {waiting}
              </span>
              {waitingText(waiting)}
            </>
          )}
          {toReview > 0 && <span className="queue-problem">{reviewText(toReview)}</span>}
          {problems > 0 && (
            <span className="queue-problem">{problems === 1 ? '1 mark needs a look' : `${problems} marks need a look`}</span>
          )}
        </Link>
      )}
    </div>
  );
}
