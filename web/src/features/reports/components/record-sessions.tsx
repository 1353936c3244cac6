import { useId } from 'react';
import { SLOT_KINDS } from '@shared/constants';
import type { StudentRecord } from '@shared/schemas/reports';
import { StatusChip } from '@web/components/attendance/status-chip';
import { Notice } from '@web/components/ui/notice';
import { TableScroll } from '@web/components/ui/table-scroll';
import { downloadCsv, usePdfDownload } from '../downloads';
import { recordFileName, sessionsCsv, sessionsPdf } from '../record';
import { NO_SESSIONS } from './record-standing';

/** A record's sessions (docs/product.md §2.12), newest first, with their PDF and CSV. */
export function RecordSessions({ record, range }: { record: StudentRecord; range: { from?: string; to?: string } }) {
  const sessionsId = useId();
  const sessionsCaptionId = useId();
  const savePdf = usePdfDownload();
  const { student, sessions } = record;
  return (
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
  );
}
