import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { REPORT_MESSAGES, type StudentRecord } from '@shared/schemas/reports';
import type { CollegeSettings } from '@shared/schemas/settings';
import { Field } from '@web/components/ui/field';
import { Loaded } from '@web/components/ui/loaded';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import type { ApiError } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { useSettings } from '@web/lib/queries';
import { useStudentRecord } from '../api/reports';
import { RecordClassSessions } from './record-sessions';
import { StandingTable } from './record-standing';
import { StudentDetails } from './student-details';
import { rangeFormSchema, rangeInput, rangeSearch, readRange, type RangeValues } from '../list-query';
import { chartSeries, rangeLabel } from '../record';
import { AttendanceChart } from './attendance-chart';
import './reports.css';

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
  const chartId = useId();
  const { student, threshold, courses, overall, sessions } = record;

  return (
    <>
      <section className="card record-student" aria-label="Student">
        <StudentDetails student={student} />
        <p className="reports-about">{rangeLabel(range)}</p>
      </section>
      {rangeForm}

      <StandingTable courses={courses} overall={overall} threshold={threshold} />

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

      <RecordClassSessions record={record} range={range} />
    </>
  );
}
