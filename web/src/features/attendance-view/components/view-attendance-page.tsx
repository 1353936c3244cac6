import { useRef, useState } from 'react';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useLoading, withLoader } from '@web/lib/loading';
import { toast } from '@web/lib/toast';
import { fetchPercentages, fetchPresentStudents, useActiveTerms } from '../api/attendance-view';
import { dateReport, DEFAULT_THRESHOLD, percentageReport, type Report, type ReportContext, type ReportMode } from '../report';
import { dateQuery, rangeQuery, type ValidView } from '../view-form';
import { AttendanceResults } from './attendance-results';
import { ViewAttendanceForm } from './view-attendance-form';
import './view-attendance.css';

/**
 * /dashboard/viewattendance (docs/product.md §2.7), any role: the form over the current (first active) term,
 * then the students present on a date (Get Attendance) or every student's percentage over a range
 * (Get Percentage), with the loading overlay while it loads.
 */
export function ViewAttendancePage() {
  const terms = useActiveTerms();
  const term = terms.data?.[0];
  const busy = useLoading();
  const [report, setReport] = useState<Report | null>(null);
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  // Only the latest query's answer is shown (Enter can be pressed again while one is loading).
  const latest = useRef(0);

  async function onQuery(mode: ReportMode, view: ValidView, context: ReportContext) {
    const ticket = ++latest.current;
    try {
      const next = await withLoader(async () => {
        if (mode === 'date') {
          const { students, sessions } = await fetchPresentStudents(dateQuery(view));
          return dateReport(context, students, sessions);
        }
        return percentageReport(context, await fetchPercentages(rangeQuery(view)));
      });
      if (ticket === latest.current) setReport(next);
    } catch (failure) {
      if (ticket !== latest.current) return;
      setReport(null);
      toast.error(errorMessage(failure));
    }
  }

  let body;
  if (terms.error)
    body = (
      <Notice
        kind="error"
        action={
          <button type="button" className="button button-secondary" onClick={() => void terms.mutate()}>
            Try again
          </button>
        }
      >
        {terms.error.message}
      </Notice>
    );
  else if (!terms.data) body = <Spinner />;
  else if (!term) body = <Notice kind="empty">No term found</Notice>;
  else
    body = (
      <>
        <ViewAttendanceForm term={term} busy={busy} onQuery={(mode, view, context) => void onQuery(mode, view, context)} />
        {report && <AttendanceResults report={report} threshold={threshold} onThresholdChange={setThreshold} />}
      </>
    );

  return (
    <Page
      title="View Attendance"
      lead={
        <p className="view-lead">
          {term ? (
            <>
              By date or as percentages, in <strong>{term.name}</strong>
            </>
          ) : (
            'By date or as percentages'
          )}
        </p>
      }
    >
      {body}
    </Page>
  );
}
