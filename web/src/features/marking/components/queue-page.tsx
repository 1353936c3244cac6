import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { formatMoment } from '@web/lib/college-time';
import { removeMark, type QueuedMark } from '@web/lib/offline/mark-queue';
import { useOnline } from '@web/lib/offline/online';
import { marksToReview, ofThisSignIn, reloadQueue, useQueuedMarks, waitingMarks } from '@web/lib/offline/queue-store';
import { sendWaiting } from '@web/lib/offline/send-queue';
import { viewLink } from '@web/lib/view-link';
import { conflictDetail } from '../submit-mark';
import { MarkReview } from './mark-review';
import '@web/components/offline/offline.css';

const STATE_TEXT: Record<QueuedMark['state'], string> = {
  waiting: 'Waiting to be sent',
  sent: 'Sent and stored',
  conflict: 'Not sent: this class was already marked',
  refused: 'Not sent',
};
const TO_REVIEW = 'To review: saved in an earlier sign-in';

/**
 * /queue (docs/product.md §4, marking offline): the marks saved on this phone, oldest first, each with
 * its outcome: waiting (with the last try's error), sent, already marked by someone else (who, when,
 * and a link to that session, where it can be corrected while allowed), or refused with the reason.
 * A mark saved in an earlier sign-in is shown for review first (MarkReview): sent only with Send.
 */
export function QueuePage() {
  const marks = useQueuedMarks();
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const waiting = waitingMarks(marks).length;
  const toReview = marksToReview(marks).length;

  async function sendNow() {
    setSending(true);
    try {
      await sendWaiting({ now: true });
    } finally {
      setSending(false);
    }
  }

  async function remove(mark: QueuedMark) {
    await removeMark(mark.clientMarkId);
    await reloadQueue();
  }

  return (
    <Page title="Marks saved on this phone">
      {waiting > 0 && (
        <p className="step-lead">
          {online ? 'They are sent automatically; you can also send them now.' : 'They will be sent when you are online.'}{' '}
          {online && (
            <button type="button" className="button" onClick={() => void sendNow()} disabled={sending}>
              Send now
            </button>
          )}
        </p>
      )}
      {toReview > 0 && (
        <p className="step-lead">
          Saved on this phone in an earlier sign-in: anyone at this phone could have changed them since. Check each one, then send it or
          discard it.
        </p>
      )}
      {marks.length === 0 ? (
        <Notice kind="empty">No marks are waiting on this phone.</Notice>
      ) : (
        <ul className="queue-list" aria-label="Saved marks">
          {marks.map((mark) => (
            <li key={mark.clientMarkId} className={`queue-item is-${mark.state}`}>
              <p className="queue-item-label">{mark.label || `Class of ${mark.body.date}`}</p>
              <p>
                {mark.body.date} · saved {formatMoment(mark.savedAt)}
              </p>
              <p className="queue-item-state">{mark.state === 'waiting' && !ofThisSignIn(mark) ? TO_REVIEW : STATE_TEXT[mark.state]}</p>
              {mark.state === 'waiting' && !ofThisSignIn(mark) ? <MarkReview mark={mark} /> : <QueuedOutcome mark={mark} />}
              {mark.state !== 'waiting' && (
                <div className="queue-item-actions">
                  <button type="button" className="button button-secondary" onClick={() => void remove(mark)}>
                    Remove from this list
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function QueuedOutcome({ mark }: { mark: QueuedMark }) {
  const link = mark.view && viewLink(mark.view);
  if (mark.state === 'waiting') {
    return mark.attempts > 0 ? (
      <p>
        Tried {mark.attempts} {mark.attempts === 1 ? 'time' : 'times'}: {mark.message}
      </p>
    ) : null;
  }
  if (mark.state === 'conflict' && mark.conflict) {
    return (
      <>
        <p>{conflictDetail(mark.conflict)}. Your mark was not stored.</p>
        {link && <Link to={link}>Open the marked class (correct it there, where allowed)</Link>}
      </>
    );
  }
  if (mark.state === 'refused') return <p>{mark.message}</p>;
  return link ? <Link to={link}>Open the class</Link> : null;
}
