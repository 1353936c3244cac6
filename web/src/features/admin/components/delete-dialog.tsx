import { useRef, useState, type RefObject } from 'react';
import { ConfirmDialog } from '@web/components/ui/dialog';
import type { BannerMessage } from '@web/components/ui/form-banner';
import { errorMessage, type Answer } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { cascades, describeDependents, useDependents } from '../dependents';
import './admin.css';

export interface DeleteTarget {
  id: string;
  /** How the row is called in the question: 'Semester 3', 'faculty@sams.local'. */
  name: string;
}

interface DeleteDialogProps {
  target: DeleteTarget;
  /** The level, whose dependents the dialog lists before a cascade (none for users, students, slots). */
  level?: string;
  remove: (id: string) => Promise<Answer<unknown>>;
  /** The fixed success message ('Batch deleted successfully'); otherwise the server's. */
  successMessage?: string;
  onClose: () => void;
  /** Where focus goes after a successful delete (the row and its button are gone): the list's heading. */
  afterDelete: RefObject<HTMLElement | null>;
  /** Reports the outcome (default: a toast). */
  onResult?: (result: BannerMessage) => void;
}

const toastResult = ({ kind, text }: BannerMessage) => (kind === 'success' ? toast.success(text) : toast.error(text));

/**
 * 'Are you sure ?' before a delete: names the item, says what goes with it (the server's count of
 * dependents, e.g. '2 divisions, 4 batches, 60 students'), and deletes in one request on Delete.
 */
export function DeleteDialog({ target, level, remove, successMessage, onClose, afterDelete, onResult = toastResult }: DeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const dependents = useDependents(level, target.id, busy);
  const checking = cascades(level) && !dependents.data && !dependents.error;
  const goesWith = describeDependents(dependents.data);

  async function onConfirm() {
    setBusy(true);
    let result: BannerMessage;
    try {
      const answer = await remove(target.id);
      returnFocus.current = afterDelete.current;
      result = { kind: 'success', text: successMessage ?? (answer.message || 'Deleted') };
    } catch (failure) {
      result = { kind: 'error', text: errorMessage(failure) };
    }
    // Reported as the dialog closes: the page is no longer inert, so the message is announced.
    onClose();
    onResult(result);
  }

  let details = null;
  if (checking) details = <p className="delete-details">Checking what goes with it…</p>;
  else if (dependents.error)
    details = <p className="delete-details">Could not check what else would be deleted ({dependents.error.message}).</p>;
  else if (goesWith)
    details = (
      <p className="delete-details delete-details-warning">
        Also deleted with it: <strong>{goesWith}</strong>.
      </p>
    );

  return (
    <ConfirmDialog
      message={
        <>
          Delete <strong>{target.name}</strong>? This cannot be undone.
        </>
      }
      details={<div aria-live="polite">{details}</div>}
      onConfirm={onConfirm}
      onCancel={onClose}
      busy={busy}
      confirmDisabled={checking}
      returnFocus={returnFocus}
    />
  );
}
