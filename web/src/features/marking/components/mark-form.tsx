import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { MarkConflict, MarkedClassSession } from '@shared/schemas/attendance';
import { StatusForm } from '@web/components/attendance/status-form';
import { markPayload, type Statuses } from '@web/components/attendance/statuses';
import { ApiError, pathsStartingWith } from '@web/lib/api-client';
import { withLoader } from '@web/lib/loading';
import { newMarkId } from '@web/lib/offline/ids';
import type { DraftClass } from '@web/lib/offline/mark-drafts';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import type { ViewLink } from '@web/lib/view-link';
import type { GroupStudent } from '../group-students';
import { useMarkDraft } from '../mark-draft';
import type { OnLeaveStart } from '../on-leave';
import { markFailure, sendOrSave } from '../submit-mark';
import { useLeaveGuard } from './leave-guard';
import type { MarkedClass } from './success-page';

/** After a failed mark the app returns home (docs/product.md §4); a class found marked stays, with who marked it. */
export const FAILED_MARK_REDIRECT_MS = 1000;

/** The class was marked by someone else first (POST attendance's 409): the refusal, and who and when when it says. */
export interface FoundMarked {
  refusal: string;
  marked: Pick<MarkConflict, 'markedBy' | 'markedAt'> | null;
}

interface MarkFormProps {
  userId: string;
  of: DraftClass;
  group: GroupStudent[];
  /** The display path (docs/product.md §2.4): the class's name on the confirmation. */
  label: string;
  view: ViewLink | null;
  onFoundMarked: (found: FoundMarked) => void;
  /** The students on approved leave in this class: they start with the leave's status, and say so. */
  onLeave?: OnLeaveStart;
}

/** The attendance form of one class, kept as a draft on this device until it is marked or discarded. */
export function MarkForm({ userId, of, group, label, view, onFoundMarked, onLeave }: MarkFormProps) {
  const navigate = useNavigate();
  const write = useWrite();
  const { mutate } = useSWRConfig();
  const draft = useMarkDraft(userId, of, group, onLeave?.statuses);
  const [submitting, setSubmitting] = useState(false);
  // One id per form: the same mark sent twice (a double tap, a retry, the queue) is stored once.
  const [clientMarkId] = useState(newMarkId);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const leaveDialog = useLeaveGuard(draft.dirty && !submitting);

  async function onMark(statuses: Statuses) {
    setSubmitting(true);
    const mark = {
      ...markPayload(group, statuses),
      date: of.date,
      slotid: of.slotid,
      classKind: of.classKind,
      courseid: of.courseid,
      groupid: of.groupid,
      clientMarkId,
    };
    let answer: MarkedClassSession | null = null;
    try {
      // Through useWrite: Today then shows the class marked, and it leaves the classes not marked.
      // With no connection the mark is saved on this phone and sent later (docs/product.md §4).
      const outcome = await withLoader(() =>
        sendOrSave(async () => (answer = (await write('POST /attendance', { body: mark })).data ?? null), { body: mark, label, view }),
      );
      draft.done();
      // The class now reads as marked wherever it is checked (the steps, this form).
      void mutate(pathsStartingWith('/attendance?'), undefined);
      const counts = answer ?? { present: mark.presentStudentIds.length, expected: group.length };
      const state: MarkedClass = { label, date: of.date, present: counts.present, expected: counts.expected };
      navigate(outcome === 'saved' ? '/success?saved=1' : '/success', { replace: true, state });
    } catch (failure) {
      toast.error(markFailure(failure));
      if (failure instanceof ApiError && failure.status === 409) {
        // No return to Home: the page says who marked the class, with the way to see or correct it.
        const data = failure.data as Partial<MarkConflict> | null;
        draft.done();
        void mutate(pathsStartingWith('/attendance?'), undefined);
        onFoundMarked({
          refusal: failure.message,
          marked: data?.markedBy && data.markedAt ? { markedBy: data.markedBy, markedAt: data.markedAt } : null,
        });
        return;
      }
      // The draft stays: coming back to the class shows the work as it was.
      timer.current = setTimeout(() => navigate('/', { replace: true }), FAILED_MARK_REDIRECT_MS);
    }
  }

  return (
    <>
      <StatusForm
        key={draft.round}
        students={group}
        initial={draft.start}
        date={of.date}
        submitLabel="Mark"
        submitting={submitting}
        onChange={draft.change}
        notes={onLeave?.badges}
        onSubmit={(statuses) => void onMark(statuses)}
      >
        {draft.dirty && (
          <div className="mark-draft">
            <p>Your changes are kept on this device until you mark this class.</p>
            <button type="button" className="button button-secondary" onClick={draft.discard} disabled={submitting}>
              Discard changes
            </button>
          </div>
        )}
      </StatusForm>
      {leaveDialog}
    </>
  );
}
