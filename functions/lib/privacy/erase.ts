import { STUDENT_DATA_MESSAGES as M } from '@shared/schemas/student-data';
import { deleteAttachment } from '../attachments/storage';
import { batchDelete } from '../batch';
import { queryAll } from '../db';
import { Invalid, NotFound } from '../domain-errors';
import { checkInClassOfKey, checkInsOfStudent, deviceCheckIn } from '../entities/check-in';
import { dataRequest } from '../entities/data-request';
import { leaveLock } from '../entities/leave';
import type { Key } from '../keys';
import { removeStudentAccount } from '../repositories/accounts';
import { leavesOfStudent } from '../repositories/leaves';
import { deleteLoginSessionsOfUser } from '../repositories/login-sessions';
import { deleteStudent, getStudent } from '../repositories/students';
import { everyCourse, scrubMarks, scrubTrail } from './scrub';

/**
 * Erases a student (docs/product.md §2.21): their sign-in (account, email claim, login sessions, guardians' links),
 * leave applications with their files, check-ins and their data request, then the record
 * itself with its enrollment claims and list entry, last, so that a run stopped midway is finished by running it
 * again. The class sessions, their history and summaries keep the student's id and statuses under the name 'Erased
 * student' (./scrub.ts), so that every classmate's counts and percentages stay exactly as they were; so do the audit
 * trail's entries of what they did (kept 400 days, by id). `courses`: every
 * course of the college, when the caller has them (the retention job reads them once). `enrollment`: typed again to confirm (Invalid,
 * nothing erased, when it is not the student's). The alerts' log of emails about them is left to expire (8 weeks):
 * it names them only by id. What went, by kind.
 */
export async function eraseStudent(id: string, enrollment: string | null, courses?: string[]): Promise<Record<string, number>> {
  const student = await getStudent(id);
  if (!student) throw new NotFound(M.studentNotFound);
  if (enrollment !== null && enrollment.trim().toLowerCase() !== student.enrollment.trim().toLowerCase())
    throw new Invalid(M.confirmMismatch);

  const account = await removeStudentAccount(student);
  await deleteLoginSessionsOfUser(id);

  const { records } = await leavesOfStudent(id);
  const files = records.flatMap((record) => (record.attachment ? [record.attachment.key] : []));
  for (const key of files) await deleteAttachment(key);
  const leaveItems = await queryAll<Key>(
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': leaveLock(id).pk } },
    { ProjectionExpression: 'pk, sk' },
  );

  const checkIns = await queryAll<Key & { deviceHash: string }>(checkInsOfStudent(id), { ProjectionExpression: 'pk, sk, deviceHash' });
  const devices = checkIns.map((item) => deviceCheckIn(checkInClassOfKey(item), item.deviceHash));

  await batchDelete([...leaveItems.map(keyOf), ...checkIns.map(keyOf), ...devices, dataRequest(id)]);
  const marks = await scrubMarks(id, courses ?? (await everyCourse()).map((course) => course._id));
  const trail = await scrubTrail(id);
  await deleteStudent(id);
  return {
    marksAnonymised: marks,
    auditEntriesAnonymised: trail,
    account: account ? 1 : 0,
    leaveApplications: records.length,
    attachments: files.length,
    checkIns: checkIns.length,
  };
}

const keyOf = ({ pk, sk }: Key): Key => ({ pk, sk });
