import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { isCalendarDate } from '@shared/dates';
import { TIMETABLE_MESSAGES, type TimetableClass } from '@shared/schemas/timetable';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { useCollegeTime } from '@web/lib/college-time';
import { csvBlob, csvText, safeFileName } from '@web/lib/csv';
import { saveFile } from '@web/lib/download';
import { markingFormPath } from '@shared/marking-link';
import { useMissingClasses } from '@web/lib/queries';
import './admin.css';

const DATE_MESSAGE = 'Enter a real date as YYYY-MM-DD';

const COLUMNS: [string, (item: TimetableClass) => string][] = [
  ['Slot', (item) => item.slot],
  ['Course', (item) => item.course],
  ['Kind', (item) => item.kind],
  ['Group', (item) => item.group],
  ['Faculty', (item) => item.entry.faculty.username],
];

/** The list as CSV: the table's columns, a line per class. */
export const notMarkedCsv = (items: readonly TimetableClass[]): string =>
  csvText([COLUMNS.map(([header]) => header), ...items.map((item) => COLUMNS.map(([, cell]) => cell(item)))]);

const classCount = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'}`;

/** One list of classes: who should mark each (the Faculty column) and a link to its marking form. */
function ClassTable({ items, labelledBy }: { items: TimetableClass[]; labelledBy: string }) {
  return (
    <table className="admin-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {COLUMNS.map(([header]) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
          <th scope="col" className="admin-table-actions-header">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.entry._id}>
            {COLUMNS.map(([header, cell]) => (
              <td key={header} data-label={header}>
                {cell(item)}
              </td>
            ))}
            <td className="admin-table-actions">
              <Link
                className="button button-secondary admin-row-button"
                to={markingFormPath(item)}
                aria-label={`Mark ${item.course} (${item.kind}, ${item.group}) in slot ${item.slot}`}
              >
                Mark
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Not marked (docs/product.md §3), admins: the classes of a date's timetable (today, college time, to
 * start with) with no attendance marked: those overdue (ended, plus the college's grace), and apart those
 * still to come ('Later today'); who teaches each, and a link to mark it; Download CSV of the overdue ones.
 */
export function NotMarkedPage() {
  const { today } = useCollegeTime();
  const [date, setDate] = useState(today);
  const valid = isCalendarDate(date);
  const missing = useMissingClasses(valid ? date : undefined);
  const headingId = useId();
  const laterId = useId();
  const download = (items: TimetableClass[]) => saveFile(csvBlob(notMarkedCsv(items)), safeFileName(`${date} Not marked`, 'csv'));
  const data = missing.data;

  return (
    <Page
      title="Not marked"
      lead={
        <p className="admin-lead">
          The classes of a date&apos;s timetable that have ended with no attendance marked, and those still to come.
        </p>
      }
    >
      <form className="card admin-form" aria-label="Date of the classes" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="admin-fields">
          <Field
            label="Date"
            name="date"
            type="date"
            value={date}
            error={valid ? undefined : DATE_MESSAGE}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
      </form>
      <section className="admin-list" aria-labelledby={headingId}>
        <h2 id={headingId}>
          {TIMETABLE_MESSAGES.missing}
          {valid && `, ${date}`}
        </h2>
        {valid &&
          (missing.error ? (
            <Notice
              kind="error"
              action={
                <button type="button" className="button button-secondary" onClick={() => void missing.mutate()}>
                  Try again
                </button>
              }
            >
              {missing.error.message}
            </Notice>
          ) : !data ? (
            <Spinner />
          ) : data.overdue.length === 0 ? (
            <Notice kind="empty">{data.later.length ? TIMETABLE_MESSAGES.noneOverdue : TIMETABLE_MESSAGES.allMarked}</Notice>
          ) : (
            <>
              <div className="admin-actions not-marked-bar">
                <p>{classCount(data.overdue.length)} not marked</p>
                <button type="button" className="button button-secondary" onClick={() => download(data.overdue)}>
                  Download CSV
                </button>
              </div>
              <ClassTable items={data.overdue} labelledBy={headingId} />
            </>
          ))}
      </section>
      {valid && data && data.later.length > 0 && (
        <section className="admin-list" aria-labelledby={laterId}>
          <h2 id={laterId}>{date === today ? 'Later today' : 'Still to come'}</h2>
          <p className="admin-lead">{classCount(data.later.length)} not ended yet</p>
          <ClassTable items={data.later} labelledBy={laterId} />
        </section>
      )}
    </Page>
  );
}
