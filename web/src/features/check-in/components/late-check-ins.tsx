import { useState } from 'react';
import type { CheckInView } from '@shared/answers/check-in';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';

/** The reason each accepted correction carries in the class's history. */
export const LATE_CHECK_IN_REASON = 'Checked in after the class was marked';

/**
 * On the classroom screen of a class already marked (docs/product.md §2.18): the students who checked in since and
 * are marked absent, each with the status its check-in proposes; the teacher accepts them all as one correction
 * (the edit window applies), or leaves them.
 */
export function LateCheckIns({ shown, onAccepted }: { shown: CheckInView; onAccepted: () => Promise<unknown> }) {
  const write = useWrite();
  const [busy, setBusy] = useState(false);
  const marked = shown.marked;
  if (!marked || marked.proposals.length === 0) return null;
  const names = new Map(shown.checkedIn.map((one) => [one._id, `${one.enrollment} ${one.name}`]));
  async function accept() {
    setBusy(true);
    try {
      const statuses = Object.fromEntries(marked!.proposals.map((one) => [one._id, one.status]));
      const answer = await write('PATCH /attendance/{id}', {
        params: { id: marked!._id },
        body: { statuses, reason: LATE_CHECK_IN_REASON, version: marked!.version },
      });
      toast.success(answer.message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not correct the attendance');
    } finally {
      setBusy(false);
      await onAccepted();
    }
  }
  const count = marked.proposals.length;
  return (
    <section className="late-check-ins" aria-label="Checked in after marking">
      <h2>Checked in after the class was marked</h2>
      <p>Marked absent now. Accept to correct the attendance:</p>
      <ul>
        {marked.proposals.map((one) => (
          <li key={one._id}>
            {names.get(one._id) ?? one._id} → {one.status === 'late' ? 'Late' : 'Present'}
          </li>
        ))}
      </ul>
      <button type="button" className="button" disabled={busy} onClick={() => void accept()}>
        {count === 1 ? 'Accept 1 correction' : `Accept ${count} corrections`}
      </button>
    </section>
  );
}
