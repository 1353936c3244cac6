import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { SLOT_KINDS } from '@shared/constants';
import { REPORT_MESSAGES, type StudentRecord } from '@shared/schemas/reports';
import type { CollegeSettings } from '@shared/schemas/settings';
import { StatusChip } from '@web/components/attendance/status-chip';
import { Field } from '@web/components/ui/field';
import { Loaded } from '@web/components/ui/loaded';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { TableScroll } from '@web/components/ui/table-scroll';
import type { ApiError } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { useSettings } from '@web/lib/queries';
import { useStudentRecord } from '../api/reports';
import { downloadCsv, usePdfDownload } from '../downloads';
import { rangeFormSchema, rangeInput, rangeSearch, readRange, type RangeValues } from '../list-query';
import { chartSeries, rangeLabel, recordFileName, sessionsCsv, sessionsPdf } from '../record';
import { attendedOf, courseLabel, formatPercent, formatThreshold, isBelow, neededText } from '../standing';
import { AttendanceChart } from './attendance-chart';
import './reports.css';

export const NO_SESSIONS = 'No session in this range.';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** What the record page keeps of the list it was opened from (its address), for the way back. */
interface FromList {
  list?: string;
}

/**
 * /reports/student/:id (docs/product.md §2.12), admins and faculty: one student's record, over a range
 * when one is given (?from&to): who they are, their standing per course and kind and overall, a chart
 * of it over time, and every session, newest first, with their status (PDF and CSV).
 */
export function StudentRecordPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const from = location.state as FromList | null;
  const range = readRange(search);
  const record = useStudentRecord(id, range);
  const settings = useSettings();
  const rangeForm = (
    <RangeForm
      key={search.toString()}
      initial={{ from: range.from ?? '', to: range.to ?? '' }}
      onRange={(next) => setSearch(rangeSearch(next), { state: location.state })}
    />
  );

  return (
    <Page
      title={REPORT_MESSAGES.record}
      lead={
        <p className="reports-lead">
          <Link to={`/reports${from?.list ?? ''}`}>‹ Back to the defaulter list</Link>
        </p>
      }
    >
      <Loaded list={{ ...record, data: record.data && [record.data] }} empty={REPORT_MESSAGES.studentNotFound}>
        {([shown]) => <Record record={shown!} range={range} settings={settings} rangeForm={rangeForm} />}
      </Loaded>
      {record.error && rangeForm}
    </Page>
  );
}

/** From and To (both optional, both included): checked by the API's own query schema, then put in the address. */
function RangeForm({ initial, onRange }: { initial: RangeValues; onRange: (range: { from?: string; to?: string }) => void }) {
  const form = useForm(initial);
  // The range's own message (the end before the start) shows under To, and goes with either date's change.
  const field = (name: keyof RangeValues) => ({
    ...form.field(name),
    error: form.errors[name] ?? (name === 'to' ? form.errors.form : undefined),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      form.field(name).onChange(event);
      form.clearErrors(name, 'form');
    },
  });
  return (
    <form className="card reports-form" aria-label="Range" noValidate onSubmit={form.handle(rangeFormSchema, onRange, rangeInput)}>
      <div className="reports-fields">
        <Field label="From (optional)" type="date" {...field('from')} />
        <Field label="To (optional)" type="date" hint="Both included; neither: every session." {...field('to')} />
        <div className="reports-actions">
          <button type="submit" className="button">
            Show record
          </button>
        </div>
      </div>
    </form>
  );
}

interface RecordProps {
  record: StudentRecord;
  range: { from?: string; to?: string };
  settings: { data?: CollegeSettings; error?: ApiError };
  /** The range's form, under who the student is. */
  rangeForm: ReactNode;
}

function Record({ record, range, settings, rangeForm }: RecordProps) {
  const standingId = useId();
  const chartId = useId();
  const sessionsId = useId();
  const sessionsCaptionId = useId();
  const savePdf = usePdfDownload();
  const { student, threshold, courses, overall, sessions } = record;
  const overallBelow = isBelow(overall, threshold);
  // Overall: every course and kind together, as the server adds them up.
  const total = { attended: sum(courses.map((each) => each.attended)), held: sum(courses.map((each) => each.held)) };

  return (
    <>
      <section className="card record-student" aria-label="Student">
        <dl className="record-details">
          {[
            ['Name', student.name],
            ['Enrollment', student.enrollment],
            ['Semester', student.semester.name],
            ['Division', student.division.name],
            ['Batch', student.batch.name],
          ].map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="reports-about">{rangeLabel(range)}</p>
      </section>
      {rangeForm}

      <section className="reports-results" aria-labelledby={standingId}>
        <h2 id={standingId}>Standing</h2>
        <p className="reports-about">
          Under {formatThreshold(threshold)} (the college&apos;s threshold): highlighted, with the classes needed in a row to reach it.
        </p>
        {courses.length === 0 ? (
          <Notice kind="empty">{NO_SESSIONS}</Notice>
        ) : (
          <TableScroll labelledBy={standingId}>
            <table className="report-table record-standing">
              <thead>
                <tr>
                  <th scope="col">Course</th>
                  <th scope="col" className="standing">
                    Percentage
                  </th>
                  <th scope="col" className="standing">
                    Attended
                  </th>
                  <th scope="col">Classes needed</th>
                </tr>
              </thead>
              <tbody>
                {courses.map((standing) => {
                  const below = isBelow(standing.percentage, threshold);
                  return (
                    <tr key={`${standing.courseid}#${standing.slotcount}`} className={below ? 'row-below' : undefined}>
                      <td>
                        {courseLabel(standing)}
                        {below && (
                          <>
                            {' '}
                            <span className="below-badge">
                              Below<span className="visually-hidden"> {formatThreshold(threshold)}</span>
                            </span>
                          </>
                        )}
                      </td>
                      <td className={`standing${below ? ' standing-below' : ''}`}>{formatPercent(standing.percentage)}</td>
                      <td className="standing">{attendedOf(standing)}</td>
                      <td>
                        {neededText(standing, threshold) || (
                          <>
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">none</span>
                          </>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr className={overallBelow ? 'row-below' : undefined}>
                  <th scope="row">
                    Overall
                    {overallBelow && (
                      <>
                        {' '}
                        <span className="below-badge">
                          Below<span className="visually-hidden"> {formatThreshold(threshold)}</span>
                        </span>
                      </>
                    )}
                  </th>
                  <td className={`standing${overallBelow ? ' standing-below' : ''}`}>{formatPercent(overall)}</td>
                  <td className="standing">{attendedOf(total)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </TableScroll>
        )}
      </section>

      {sessions.length > 0 && (
        <section className="reports-results" aria-labelledby={chartId}>
          <h2 id={chartId}>Attendance over time</h2>
          {settings.data ? (
            <AttendanceChart series={chartSeries(record, settings.data)} threshold={threshold} />
          ) : settings.error ? (
            <Notice kind="error">{settings.error.message}</Notice>
          ) : (
            <Spinner />
          )}
        </section>
      )}

      <section className="reports-results" aria-labelledby={sessionsId}>
        <h2 id={sessionsId}>Sessions</h2>
        {sessions.length === 0 ? (
          <Notice kind="empty">{NO_SESSIONS}</Notice>
        ) : (
          <>
            <div className="reports-bar">
              <p className="reports-count">
                {sessions.length} {sessions.length === 1 ? 'session' : 'sessions'}, newest first
              </p>
              <div className="reports-downloads">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void savePdf(sessionsPdf(record, range), recordFileName(record, 'pdf'))}
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
                  {sessions.map((session) => (
                    <tr key={session._id}>
                      <td className="enrollment">{session.date}</td>
                      <td>{session.course}</td>
                      <td>{SLOT_KINDS[session.slotcount]}</td>
                      <td className="enrollment">{session.slot}</td>
                      <td>
                        <StatusChip status={session.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        )}
      </section>
    </>
  );
}
