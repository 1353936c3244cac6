import { useId } from 'react';
import type { AccountState } from '@shared/schemas/invitation';
import { useApi } from '@web/lib/use-api';
import { useCollegeTime } from '@web/lib/college-time';
import { signInMoment, whenAndHow } from './sign-in-words';

/** Where one person's account stands, in words: what the admin reads in the batch's table ('signed in 26 Nov 2026, 14:05 by email link'). */
export function accountStateText(account: AccountState, timeZone: string): string {
  if (!account.email) return 'no email address';
  if (account.emailTaken) return 'address used by another account';
  if (account.signedInAt) return `signed in ${whenAndHow(account.signedInAt, account.signedInBy, timeZone)}`;
  if (account.invitedAt) return `invited ${signInMoment(account.invitedAt, timeZone)}, not signed in yet`;
  return 'not invited';
}

/** Each student of a batch and their guardians: not invited, invited at, signed in at and how (GET invitation/batch/{batchid}). */
export function InvitationBatchTable({ batchid, batchName }: { batchid: string; batchName: string }) {
  const headingId = useId();
  const { timeZone } = useCollegeTime();
  const list = useApi('GET /invitation/batch/{batchid}', batchid ? { params: { batchid } } : null);
  if (!batchid) return null;
  return (
    <section className="admin-list" aria-labelledby={headingId}>
      <h2 id={headingId}>Who is invited in {batchName}</h2>
      {list.error && <p role="alert">{list.error.message}</p>}
      {list.isLoading && <p>Loading…</p>}
      {list.data && list.data.length === 0 && <p>No students in this batch</p>}
      {list.data && list.data.length > 0 && (
        <table className="admin-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Enrollment</th>
              <th scope="col">Name</th>
              <th scope="col">Student</th>
              <th scope="col">Guardians</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((student) => (
              <tr key={student._id}>
                <td data-label="Enrollment">{student.enrollment}</td>
                <td data-label="Name">{student.name}</td>
                <td data-label="Student">{accountStateText(student.account, timeZone)}</td>
                <td data-label="Guardians">
                  {student.guardians.length === 0
                    ? 'none'
                    : student.guardians.map((guardian, at) => (
                        <div key={at}>
                          {guardian.name} ({guardian.relation}): {accountStateText(guardian.account, timeZone)}
                        </div>
                      ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
