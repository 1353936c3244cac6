import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { useLoading, withLoader } from '@web/lib/loading';
import { useActiveTerms, useSettings } from '@web/lib/queries';
import { toast } from '@web/lib/toast';
import { readViewLink } from '@web/lib/view-link';
import { fetchDays, fetchPercentages } from '../api/attendance-view';
import {
  dateReport,
  DEFAULT_THRESHOLD,
  percentageReport,
  type GroupNames,
  type Report,
  type ReportContext,
  type ReportMode,
} from '../report';
import { dateQuery, rangeQuery, type ValidView } from '../view-form';
import { AttendanceResults } from './attendance-results';
import { ViewAttendanceForm } from './view-attendance-form';
import './view-attendance.css';

/**
 * /dashboard/viewattendance (docs/product.md §2.7), any role: the form over the current (first active) term,
 * then each session of a date (or of each day of a range) with its students' statuses, to correct, and who
 * was present (Get Attendance), or every student's counts and percentage over a range, of one slot or all
 * (Get Percentage), with the loading overlay while it loads.
 * Opened with a class's link (?date&semid&courseid&slotid&kind&groupid, web/src/lib/view-link.ts), the
 * form starts filled in and that date's sessions show as soon as the lists offer its choices.
 */
export function ViewAttendancePage() {
  const terms = useActiveTerms();
  const term = terms.data?.[0];
  const busy = useLoading();
  const [search] = useSearchParams();
  // A link to one class's date (Today's marked class) fills the form in and shows that date's sessions.
  const link = readViewLink(search);
  const settings = useSettings();
  const [report, setReport] = useState<Report | null>(null);
  const [groups, setGroups] = useState<GroupNames>({});
  // The highlight threshold: the college's (Settings) until changed on this screen.
  const [chosenThreshold, setThreshold] = useState<number | null>(null);
  const threshold = chosenThreshold ?? settings.data?.threshold ?? DEFAULT_THRESHOLD;
  /** The last date (or range) asked for: a correction reads it again. */
  const lastDay = useRef<{ view: ValidView; context: ReportContext } | null>(null);

  async function onQuery(mode: ReportMode, view: ValidView, context: ReportContext, names: GroupNames) {
    lastDay.current = mode === 'date' ? { view, context } : null;
    setGroups(names);
    try {
      const next = await withLoader(async () => {
        if (mode === 'date') {
          return dateReport(context, await fetchDays(dateQuery(view)));
        }
        return percentageReport(context, await fetchPercentages(rangeQuery(view)));
      });
      setReport(next);
    } catch (failure) {
      setReport(null);
      toast.error(errorMessage(failure));
    }
  }

  /** The day again (same context, so the report keeps its place and the focus stays where it is). */
  async function refreshDay() {
    const last = lastDay.current;
    if (!last) return;
    try {
      const days = await fetchDays(dateQuery(last.view));
      setReport((shown) => (shown?.context === last.context ? dateReport(last.context, days) : shown));
    } catch (failure) {
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
            <ViewAttendanceForm key={search.toString()} term={current!} busy={busy} onQuery={onQuery} link={link} />
            {report && (
              <AttendanceResults
                report={report}
                threshold={threshold}
                onThresholdChange={setThreshold}
                groupName={(id) => groups[id] ?? 'Session'}
                onDayChanged={() => void refreshDay()}
              />
            )}
          </>
        )}
      </Loaded>
    </Page>
  );
}
