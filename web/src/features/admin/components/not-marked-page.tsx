import { useId, useState } from 'react';
import { isCalendarDate, todayUtc } from '@shared/dates';
import { TIMETABLE_MESSAGES, type TimetableClass } from '@shared/schemas/timetable';
import { Field } from '@web/components/ui/field';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { csvBlob, csvText, safeFileName } from '@web/lib/csv';
import { saveFile } from '@web/lib/download';
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

/**
 * Not marked (docs/product.md §3), admins: the classes of a date's timetable (today to start with) with no
 * attendance marked, and who teaches each; Download CSV.
 */
export function NotMarkedPage() {
  const [date, setDate] = useState(todayUtc());
  const valid = isCalendarDate(date);
  const missing = useMissingClasses(valid ? date : undefined);
  const headingId = useId();
  const download = (items: TimetableClass[]) => saveFile(csvBlob(notMarkedCsv(items)), safeFileName(`${date} Not marked`, 'csv'));

  return (
    <Page title="Not marked" lead={<p className="admin-lead">The classes of a date&apos;s timetable with no attendance marked yet.</p>}>
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
        {valid && (
          <Loaded list={missing} empty={TIMETABLE_MESSAGES.allMarked}>
            {(items) => (
              <>
                <div className="admin-actions not-marked-bar">
                  <p>
                    {items.length} {items.length === 1 ? 'class' : 'classes'} not marked
                  </p>
                  <button type="button" className="button button-secondary" onClick={() => download(items)}>
                    Download CSV
                  </button>
                </div>
                <table className="admin-table" aria-labelledby={headingId}>
                  <thead>
                    <tr>
                      {COLUMNS.map(([header]) => (
                        <th key={header} scope="col">
                          {header}
                        </th>
                      ))}
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
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </Loaded>
        )}
      </section>
    </Page>
  );
}
