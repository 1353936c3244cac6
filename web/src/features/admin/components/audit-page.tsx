import { useId, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, isCalendarDate } from '@shared/dates';
import { AUDIT_ACTIONS, AUDIT_MESSAGES, auditQuerySchema, JOB_ACTIONS } from '@shared/schemas/audit';
import type { AuditEntry } from '@shared/answers/audit';
import { StudentSearch } from '@web/components/student-search/student-search';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoment, useCollegeTime } from '@web/lib/college-time';
import { csvBlob, csvText, safeFileName } from '@web/lib/csv';
import { saveFile } from '@web/lib/download';
import { useUsers } from '@web/lib/queries';
import { useApi } from '@web/lib/use-api';
import { deviceName } from '@web/lib/device-name';
import './admin.css';

const wordsOf = (entry: AuditEntry): string => AUDIT_ACTIONS[entry.action] ?? JOB_ACTIONS[entry.action] ?? entry.action;
const concerning = (entry: AuditEntry): string => entry.subjects.join(', ');
/** Where from: the address and the browser in words ('Chrome on Android'); the CSV has the whole User-Agent. */
const device = (entry: AuditEntry): string => [entry.ip, entry.userAgent && deviceName(entry.userAgent)].filter(Boolean).join(' · ');

const COLUMNS: [string, (entry: AuditEntry) => string][] = [
  ['When', (entry) => formatMoment(entry.at)],
  ['Who', (entry) => `${entry.by.username} (${entry.by.role})`],
  ['What', wordsOf],
  ['Concerning', concerning],
  ['From', device],
];

/** The trail as CSV: the table's columns, then the route, the whole User-Agent, the records written and the request's id. */
export const auditCsv = (entries: readonly AuditEntry[]): string =>
  csvText([
    [...COLUMNS.map(([header]) => header), 'Route', 'User-Agent', 'Records', 'Request'],
    ...entries.map((entry) => [
      ...COLUMNS.map(([, cell]) => cell(entry)),
      entry.action,
      entry.userAgent ?? '',
      [...entry.records, ...(entry.moreRecords ? [`and ${entry.moreRecords} more`] : [])].join(' | '),
      entry.requestId,
    ]),
  ]);

/**
 * Audit trail (docs/product.md §2.19), admins: who changed what and who read whose data, for some college days
 * (the last week to start with), narrowed to who did it or to a student; Download CSV of what is shown.
 * `?subject=<id>` opens it on one student's or record's entries.
 */
export function AuditPage() {
  const { today } = useCollegeTime();
  const [search, setSearch] = useSearchParams();
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const [who, setWho] = useState('');
  const subject = search.get('subject') ?? '';
  const [subjectName, setSubjectName] = useState<string | null>(null);
  const users = useUsers(true);
  const query = { from, to, ...(who && { who }), ...(subject && { subject }) };
  const checked = auditQuerySchema.safeParse(query);
  const trail = useApi('GET /audit', checked.success ? { query } : null);
  const headingId = useId();
  const problem = checked.success ? null : checked.error.issues[0]?.message;
  const download = (entries: AuditEntry[]) => saveFile(csvBlob(auditCsv(entries)), safeFileName(`Audit trail ${from} to ${to}`, 'csv'));
  const choose = (id: string, name: string | null) => {
    setSubjectName(name);
    setSearch(id ? { subject: id } : {}, { replace: true });
  };

  return (
    <Page
      title="Audit trail"
      lead={<p className="admin-lead">Who changed what, and who looked at a student&apos;s data: kept for 400 days.</p>}
    >
      <form className="card admin-form" aria-label="Audit trail search" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="admin-fields">
          <Field
            label="From"
            type="date"
            value={from}
            error={isCalendarDate(from) ? undefined : AUDIT_MESSAGES.from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <Field
            label="To"
            type="date"
            value={to}
            error={isCalendarDate(to) ? undefined : AUDIT_MESSAGES.to}
            onChange={(event) => setTo(event.target.value)}
          />
          <Field
            label="Done by"
            options={[
              { value: '', label: 'Anyone' },
              ...(users.data ?? []).map((user) => ({ value: user._id, label: `${user.username} (${user.role})` })),
            ]}
            value={who}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => setWho(event.target.value)}
          />
        </div>
        {subject && (
          <p className="audit-subject">
            Concerning {subjectName ?? subject}{' '}
            <button type="button" className="button button-secondary admin-row-button" onClick={() => choose('', null)}>
              Everyone
            </button>
          </p>
        )}
      </form>
      <StudentSearch
        action={(student) => (
          <button
            type="button"
            className="button button-secondary admin-row-button"
            onClick={() => choose(student._id, `${student.name} (${student.enrollment})`)}
          >
            Show their trail
          </button>
        )}
      />
      <section className="admin-list" aria-labelledby={headingId}>
        <h2 id={headingId}>Entries</h2>
        {problem ? (
          <Notice kind="error">{problem}</Notice>
        ) : trail.error ? (
          <Notice kind="error">{trail.error.message}</Notice>
        ) : !trail.data ? (
          <Spinner />
        ) : trail.data.entries.length === 0 ? (
          <Notice kind="empty">Nothing recorded for this search</Notice>
        ) : (
          <>
            <div className="admin-actions">
              <p>
                {trail.data.entries.length} {trail.data.entries.length === 1 ? 'entry' : 'entries'}
              </p>
              <button type="button" className="button button-secondary" onClick={() => download(trail.data!.entries)}>
                Download CSV
              </button>
            </div>
            {trail.data.more && <Notice kind="info">{AUDIT_MESSAGES.more}</Notice>}
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
                {trail.data.entries.map((entry) => (
                  <tr key={entry._id}>
                    {COLUMNS.map(([header, cell]) => (
                      // Ids are not words: the Concerning column may break them anywhere.
                      <td key={header} data-label={header} className={header === 'Concerning' ? 'audit-ids' : undefined}>
                        {cell(entry)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </Page>
  );
}
