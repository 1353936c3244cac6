import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { StatusForm } from '@web/components/attendance/status-form';
import { allPresent, markPayload, type Statuses } from '@web/components/attendance/statuses';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { collegeToday, useCollegeTime } from '@web/lib/college-time';
import { withLoader } from '@web/lib/loading';
import { newMarkId } from '@web/lib/offline/ids';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { parseKind, readFlow } from '../flow';
import { useGroupStudents, type GroupStudent } from '../group-students';
import { markFailure, sendOrSave } from '../submit-mark';
import { FlowPath, MissingContext } from './flow-parts';

/** After a failed mark the app returns home (docs/product.md §4). */
export const FAILED_MARK_REDIRECT_MS = 1000;

/** /students/:id: the attendance form of a division (lecture) or a batch (lab), everyone present to start with. */
export function StudentsPage() {
  const { id } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const navigate = useNavigate();
  const write = useWrite();
  const kind = parseKind(flow.kind);
  const ready = kind && id && flow.courseid && flow.slot;
  const students = useGroupStudents(ready ? kind : null, id);
  const { today } = useCollegeTime();
  const [submitting, setSubmitting] = useState(false);
  // One id per form: the same mark sent twice (a double tap, a retry, the queue) is stored once.
  const [clientMarkId] = useState(newMarkId);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onMark(group: GroupStudent[], statuses: Statuses) {
    if (!ready) return;
    setSubmitting(true);
    try {
      const mark = {
        ...markPayload(group, statuses),
        date: collegeToday(),
        slotid: flow.slot!,
        slotcount: kind,
        courseid: flow.courseid!,
        groupid: id,
        clientMarkId,
      };
      const view = flow.semid
        ? { date: mark.date, semid: flow.semid, courseid: mark.courseid, slotid: mark.slotid, kind, groupid: id }
        : null;
      // Through useWrite: Today then shows the class marked, and it leaves the classes not marked.
      // With no connection the mark is saved on this phone and sent later (docs/product.md §4).
      const outcome = await withLoader(() =>
        sendOrSave(() => write('POST /attendance', { body: mark }), { body: mark, label: flow.extraData, view }),
      );
      navigate(outcome === 'saved' ? '/success?saved=1' : '/success', { replace: true });
    } catch (failure) {
      toast.error(markFailure(failure));
      timer.current = setTimeout(() => navigate('/', { replace: true }), FAILED_MARK_REDIRECT_MS);
    }
  }

  return (
    <Page title="Who is present?" lead={<FlowPath path={flow.extraData} />}>
      {ready ? (
        <Loaded list={students} empty="No students found">
          {(group) => (
            <StatusForm
              students={group}
              initial={allPresent(group)}
              date={today}
              submitLabel="Mark"
              submitting={submitting}
              onSubmit={(statuses) => void onMark(group, statuses)}
            />
          )}
        </Loaded>
      ) : (
        <MissingContext />
      )}
    </Page>
  );
}
