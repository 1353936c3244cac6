import { useState } from 'react';
import { errorMessage } from '@web/lib/api-client';
import { removeMark, type QueuedMark } from '@web/lib/offline/mark-queue';
import { useOnline } from '@web/lib/offline/online';
import { reloadQueue } from '@web/lib/offline/queue-store';
import { sendReviewed } from '@web/lib/offline/send-queue';
import { toast } from '@web/lib/toast';
import { useGroupStudents, type GroupStudent } from '../group-students';

type Status = 'present' | 'late' | 'absent' | 'excused';

/** Each student of the class as the saved mark would store them (statuses win over the present list). */
function statusOf(mark: QueuedMark, student: GroupStudent): Status {
  return mark.body.statuses?.[student._id] ?? (mark.body.presentStudentIds.includes(student._id) ? 'present' : 'absent');
}

/**
 * A mark saved in an earlier sign-in, as it would be stored (docs/product.md §4, marking offline): who is
 * absent, late and excused, by name from the class's list as the server has it now, and how many are
 * present. Send posts it as shown; Discard drops it. Nothing is sent before the user chooses.
 */
export function MarkReview({ mark }: { mark: QueuedMark }) {
  const students = useGroupStudents(mark.body.classKind, mark.body.groupid);
  const online = useOnline();
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<unknown>) {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const discard = () =>
    act(async () => {
      await removeMark(mark.clientMarkId);
      await reloadQueue();
    });

  return (
    <>
      <ReviewCounts mark={mark} students={students.data} failed={Boolean(students.error)} />
      <div className="queue-item-actions">
        <button
          type="button"
          className="button"
          disabled={busy || !online || !students.data}
          onClick={() => void act(() => sendReviewed(mark))}
        >
          Send
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void discard()}>
          Discard
        </button>
      </div>
    </>
  );
}

function ReviewCounts({ mark, students, failed }: { mark: QueuedMark; students: GroupStudent[] | undefined; failed: boolean }) {
  if (failed) return <p>Could not load this class’s students: send it once they load, or discard it.</p>;
  if (!students) return <p>Loading the class’s students…</p>;
  const by = (status: Status) => students.filter((student) => statusOf(mark, student) === status);
  const names = (list: GroupStudent[]) => list.map((student) => student.name).join(', ');
  const absent = by('absent');
  const late = by('late');
  const excused = by('excused');
  const present = by('present').length;
  return (
    <dl className="queue-review">
      <dt>Present</dt>
      <dd>
        {present} of {students.length}
      </dd>
      <dt>Absent ({absent.length})</dt>
      <dd>{absent.length > 0 ? names(absent) : 'No one'}</dd>
      <dt>Late ({late.length})</dt>
      <dd>{late.length > 0 ? names(late) : 'No one'}</dd>
      {excused.length > 0 && (
        <>
          <dt>Excused ({excused.length})</dt>
          <dd>{names(excused)}</dd>
        </>
      )}
    </dl>
  );
}
