import { useState } from 'react';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { useLoading, withLoader } from '@web/lib/loading';
import { useActiveTerms } from '@web/lib/queries';
import { toast } from '@web/lib/toast';
import { fetchPercentages, fetchPresentStudents } from '../api/attendance-view';
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

  async function onQuery(mode: ReportMode, view: ValidView, context: ReportContext) {
    try {
      const next = await withLoader(async () => {
        if (mode === 'date') {
          const { students, sessions } = await fetchPresentStudents(dateQuery(view));
          return dateReport(context, students, sessions);
        }
        return percentageReport(context, await fetchPercentages(rangeQuery(view)));
      });
      setReport(next);
    } catch (failure) {
      setReport(null);
      toast.error(errorMessage(failure));
    }
  }

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
      <Loaded list={terms} empty="No term found">
        {([current]) => (
          <>
            <ViewAttendanceForm term={current!} busy={busy} onQuery={onQuery} />
            {report && <AttendanceResults report={report} threshold={threshold} onThresholdChange={setThreshold} />}
          </>
        )}
      </Loaded>
    </Page>
  );
}
