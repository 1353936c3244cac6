import { useId, useState } from 'react';
import { Dialog } from '@web/components/ui/dialog';
import { queuedMarks, useQueuedMarks, waitingMarks } from '@web/lib/offline/queue-store';
import { sendWaiting } from '@web/lib/offline/send-queue';
import { LOGOUT_CHOICES, notSentText } from '@web/lib/offline/sign-out';

interface LogoutDialogProps {
  /** Logs out (the marks left waiting stay on the phone, for review at the next sign-in). */
  onLogOut: () => Promise<void>;
  onClose: () => void;
}

/**
 * Logout with marks of this sign-in not sent yet, online (docs/product.md §4, marking offline): says so,
 * and offers to send them first or to keep them for review. A mark that could not be sent is said, and
 * the choice offered again.
 */
export function LogoutDialog({ onLogOut, onClose }: LogoutDialogProps) {
  const waiting = waitingMarks(useQueuedMarks()).length;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const messageId = useId();

  async function run(first?: () => Promise<void>) {
    setBusy(true);
    try {
      await first?.();
      const left = waitingMarks(queuedMarks());
      if (first && left.length > 0) {
        setProblem(`${notSentText(left.length)} ${left[0]!.message ?? ''}`.trim());
        return;
      }
      await onLogOut();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title="Marks not sent yet" onClose={onClose} describedBy={messageId} busy={busy} size="small">
      <div className="dialog-message">
        <p id={messageId}>
          {notSentText(waiting)} {LOGOUT_CHOICES}
        </p>
        {problem && (
          <p className="form-banner form-banner-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" aria-disabled={busy || undefined} onClick={() => !busy && onClose()}>
          Cancel
        </button>
        <button type="button" className="button button-secondary" aria-disabled={busy || undefined} onClick={() => !busy && void run()}>
          Keep for review and log out
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => !busy && void run(() => sendWaiting({ now: true }))}
        >
          Send now and log out
        </button>
      </div>
    </Dialog>
  );
}
