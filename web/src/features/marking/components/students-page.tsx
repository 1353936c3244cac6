import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { todayUtc } from '@shared/dates';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { withLoader } from '@web/lib/loading';
import { toast } from '@web/lib/toast';
import { markAttendance, useGroupStudents } from '../api/marking';
import { parseKind, readFlow } from '../flow';
import { AttendanceForm } from './attendance-form';
import { FlowPath, MissingContext } from './flow-parts';

/** After a failed mark the app returns home (docs/product.md §4). */
export const FAILED_MARK_REDIRECT_MS = 1000;

/** /students/:id: the attendance form of a division (lecture) or a batch (lab). */
export function StudentsPage() {
  const { id } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const navigate = useNavigate();
  const kind = parseKind(flow.kind);
  const ready = kind && id && flow.courseid && flow.slot;
  const students = useGroupStudents(ready ? kind : null, id);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onMark(presentIds: string[]) {
    if (!ready) return;
    setSubmitting(true);
    try {
      await withLoader(() =>
        markAttendance({
          presentStudentData: presentIds,
          date: todayUtc(),
          slotid: flow.slot!,
          slotcount: kind,
          courseid: flow.courseid!,
          groupid: id,
        }),
      );
      navigate('/success', { replace: true });
    } catch (failure) {
      toast.error(errorMessage(failure));
      timer.current = setTimeout(() => navigate('/', { replace: true }), FAILED_MARK_REDIRECT_MS);
    }
  }

  let body;
  if (!ready) body = <MissingContext />;
  else if (students.error)
    body = (
      <Notice
        kind="error"
        action={
          <button type="button" className="button button-secondary" onClick={students.retry}>
            Try again
          </button>
        }
      >
        {students.error.message}
      </Notice>
    );
  else if (students.isLoading || !students.data) body = <Spinner />;
  else if (students.data.length === 0) body = <Notice kind="empty">No students found</Notice>;
  else body = <AttendanceForm students={students.data} date={todayUtc()} submitting={submitting} onMark={onMark} />;

  return (
    <Page title="Who is present?" lead={<FlowPath path={flow.extraData} />}>
      {body}
    </Page>
  );
}
