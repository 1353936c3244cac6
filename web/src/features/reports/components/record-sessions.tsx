import { Fragment, useId, type ChangeEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { RecordClassSession, StudentRecord } from '@shared/schemas/reports';
import { StatusChip } from '@web/components/attendance/status-chip';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { Spinner } from '@web/components/ui/spinner';
import { TableScroll } from '@web/components/ui/table-scroll';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { useCollegeTime } from '@web/lib/college-time';
import type { PdfTable } from '@web/lib/pdf/table-pdf';
import { useApi } from '@web/lib/use-api';
import { downloadCsv, usePdfDownload } from '../downloads';
import { recordFileName, sessionsCsv, sessionsPdf } from '../record';
import {
  correctionText,
  filteredQuery,
  monthLabel,
  readRecordFilter,
  recordCourses,
  recordMonths,
  withFilter,
  type RecordCourse,
} from '../record-filters';
import { NO_SESSIONS } from './record-standing';
import './record-sessions.css';

export const NO_FILTERED_SESSIONS = 'No session of this course in this month.';

/**
 * A record's sessions (docs/product.md §2.12), newest first, each with the latest correction of the
 * student's mark, with their PDF and CSV; above them, a course and a month to keep to (in the address,
 * read by the server within the page's range). Without a filter the list is the page's record itself.
 * `projections`, when given (a student's or guardian's page), goes into the PDF after the standing.
 */
export function RecordClassSessions({ record, range, projections }: Omit<ListProps, 'busy'>) {
  const sessionsId = useId();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const courses = recordCourses(record.sessions);
  const months = recordMonths(record.sessions);
  const filter = readRecordFilter(search, courses, months);
  const query = filteredQuery(range, filter);
  // The list shown stays while the next filter's loads (marked busy), so the page does not jump.
  const filtered = useApi('GET /report/student/{id}', query && { params: { id: record.student._id }, query }, { keepPreviousData: true });
  const choose = (name: 'course' | 'month', value: string) => setSearch(withFilter(search, name, value), { state: location.state });

  return (
    <section className="reports-results" aria-labelledby={sessionsId}>
      <h2 id={sessionsId}>Sessions</h2>
      {record.sessions.length === 0 ? (
        <Notice kind="empty">{NO_SESSIONS}</Notice>
      ) : (
        <>
          <SessionFilters courses={courses} months={months} courseid={filter.courseid ?? ''} month={filter.month ?? ''} onChoose={choose} />
          {!query ? (
            <SessionList record={record} range={range} projections={projections} />
          ) : filtered.data ? (
            <SessionList record={filtered.data} range={query} busy={filtered.isLoading} projections={projections} />
          ) : filtered.error ? (
            <Notice kind="error">{filtered.error.message}</Notice>
          ) : (
            <Spinner />
          )}
        </>
      )}
    </section>
  );
}

interface FiltersProps {
  courses: RecordCourse[];
  months: string[];
  courseid: string;
  month: string;
  onChoose: (name: 'course' | 'month', value: string) => void;
}

/** Course and Month, each All or one; a choice shows at once (and is a step Back can undo). */
function SessionFilters({ courses, months, courseid, month, onChoose }: FiltersProps) {
  return (
    <div className="record-filters" role="group" aria-label="Filter the sessions">
      <Field
        label="Course"
        value={courseid}
        options={[{ value: '', label: 'All courses' }, ...courses.map((one) => ({ value: one.courseid, label: one.course }))]}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChoose('course', event.target.value)}
      />
      <Field
        label="Month"
        value={month}
        options={[{ value: '', label: 'All months' }, ...months.map((one) => ({ value: one, label: monthLabel(one) }))]}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChoose('month', event.target.value)}
      />
    </div>
  );
}

interface ListProps {
  record: StudentRecord;
  range: { from?: string; to?: string };
  busy?: boolean;
  projections?: PdfTable;
}

/** The sessions as a table, with the count and the downloads. */
function SessionList({ record, range, busy = false, projections }: ListProps) {
  const sessionsCaptionId = useId();
  const noteId = useId();
  const savePdf = usePdfDownload();
  const { timeZone } = useCollegeTime();
  const { student, sessions } = record;
  if (sessions.length === 0 && !busy) return <Notice kind="empty">{NO_FILTERED_SESSIONS}</Notice>;
  return (
    <div className={busy ? 'record-list is-busy' : 'record-list'} aria-busy={busy || undefined}>
      <div className="reports-bar">
        <p className="reports-count" aria-live="polite">
          {sessions.length} {sessions.length === 1 ? 'session' : 'sessions'}, newest first
        </p>
        <div className="reports-downloads">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void savePdf(sessionsPdf(record, range, projections), recordFileName(record, 'pdf'))}
          >
            Download PDF
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => downloadCsv(sessionsCsv(sessions), recordFileName(record, 'csv'))}
          >
            Download CSV
          </button>
        </div>
      </div>
      <TableScroll labelledBy={sessionsCaptionId}>
        <table className="report-table record-sessions">
          <caption id={sessionsCaptionId} className="visually-hidden">
            Sessions of {student.name}, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Course</th>
              <th scope="col">Kind</th>
              <th scope="col">Slot</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session, index) => (
              <SessionRows key={session._id} session={session} noteId={`${noteId}-${index}`} timeZone={timeZone} />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

/**
 * A session's row; when a correction changed the student's mark, a line under it saying when and why,
 * held at the left of the table's box so that a phone shows it without scrolling sideways.
 */
function SessionRows({ session, noteId, timeZone }: { session: RecordClassSession; noteId: string; timeZone: string }) {
  return (
    <Fragment>
      <tr className={session.corrected ? 'has-correction' : undefined}>
        <td className="enrollment">{session.date}</td>
        <td>{session.course}</td>
        <td>{CLASS_KIND_LABELS[session.classKind]}</td>
        <td className="enrollment">{session.slot}</td>
        <td aria-describedby={session.corrected ? noteId : undefined}>
          <StatusChip status={session.status} />
        </td>
      </tr>
      {session.corrected && (
        <tr className="record-correction-row">
          <td colSpan={5}>
            <span id={noteId} className="record-correction">
              {correctionText(session.corrected, timeZone)}
            </span>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
