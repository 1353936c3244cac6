import { batchDelete } from '../batch';
import { countAll, queryAll } from '../db';
import {
  enrollmentClaim,
  enrollmentLookalikeClaim,
  studentById,
  studentEntry,
  type StudentItem,
  studentsOfBatch,
  studentsOfDivision,
} from '../entities/student';

/* The students of a batch or a division, listed, counted or deleted together. */

/** A batch's students in roll order (one Query, paged). */
export async function listStudentsByBatch(batchid: string): Promise<StudentItem[]> {
  return queryAll<StudentItem>(studentsOfBatch(batchid), { ConsistentRead: true });
}

/** How many students a batch has (one Query, Select COUNT). */
export async function countStudentsOfBatch(batchid: string): Promise<number> {
  return countAll(studentsOfBatch(batchid));
}

/** A division's students across its batches, in roll order (one Query on gsi1, paged). */
export async function listStudentsByDivision(divisionid: string): Promise<StudentItem[]> {
  return queryAll<StudentItem>(studentsOfDivision(divisionid));
}

/**
 * Deletes every student of a batch: entities and claims first, list entries last, so a run
 * that stops midway is finished by running it again. Returns how many were deleted.
 */
export async function deleteStudentsOfBatch(batchid: string): Promise<number> {
  const students = await listStudentsByBatch(batchid);
  await batchDelete(
    students.flatMap((student) => [
      studentById(student._id),
      enrollmentClaim(student.enrollment),
      ...(student.lookalikes ?? []).map(enrollmentLookalikeClaim),
    ]),
  );
  await batchDelete(students.map(studentEntry));
  return students.length;
}
