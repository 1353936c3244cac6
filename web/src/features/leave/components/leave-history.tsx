import { useId } from 'react';
import { TableScroll } from '@web/components/ui/table-scroll';
import { STATUS_LABELS } from '@web/components/attendance/statuses';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { useCollegeTime } from '@web/lib/college-time';
import type { CoveredClass, LeaveApplication } from '../api';
import { stepWords } from '../words';

/** Each step of the application: what was done, by whom, when, and what they said. */
export function LeaveHistory({ history }: { history: LeaveApplication['history'] }) {
  const { moment } = useCollegeTime();
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>History</h2>
      <ol className="leave-history">
        {history.map((step) => (
          <li key={`${step.action} ${step.at}`}>
            <strong>{stepWords(step.action)}</strong> by {step.by.username} ({step.by.role}), {moment(step.at)}
            {step.comment && <p className="leave-comment">“{step.comment}”</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The classes the application covers, each with the student's status there now. */
export function CoveredClasses({ covers, wholeDays }: { covers: CoveredClass[]; wholeDays: boolean }) {
  const headingId = useId();
  return (
    <section className="card leave-covers-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Classes it covers ({wholeDays ? 'whole days' : 'chosen classes'})</h2>
      {covers.length === 0 ? (
        <p>No classes on the timetable on these days.</p>
      ) : (
        <TableScroll labelledBy={headingId}>
          <table className="report-table leave-covers">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Course</th>
                <th scope="col">Class</th>
                <th scope="col">Status now</th>
              </tr>
            </thead>
            <tbody>
              {covers.map((one) => (
                <tr key={[one.date, one.slotid, one.courseid, one.classKind].join('|')}>
                  <td>{one.date}</td>
                  <td>{one.courseName}</td>
                  <td>{CLASS_KIND_LABELS[one.classKind]}</td>
                  <td>{one.status ? STATUS_LABELS[one.status] : 'Not marked yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
