import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { todayUtc } from '@shared/dates';
import { StatusForm } from '@web/components/attendance/status-form';
import { allPresent, markPayload, type Statuses } from '@web/components/attendance/statuses';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { withLoader } from '@web/lib/loading';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { parseKind, readFlow } from '../flow';
import { useGroupStudents, type GroupStudent } from '../group-students';
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
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onMark(group: GroupStudent[], statuses: Statuses) {
    if (!ready) return;
    setSubmitting(true);
    try {
      const mark = {
        ...markPayload(group, statuses),
        date: todayUtc(),
        slotid: flow.slot!,
        slotcount: kind,
        courseid: flow.courseid!,
        groupid: id,
      };
      // Through useWrite: Today then shows the class marked, and it leaves the classes not marked.
      await withLoader(() => write('POST /attendance', { body: mark }));
      navigate('/success', { replace: true });
    } catch (failure) {
      toast.error(errorMessage(failure));
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
              date={todayUtc()}
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
