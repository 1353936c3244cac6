import { lookalikeKeys } from '@shared/text/lookalike';
import { batchGet } from '../batch';
import { enrollmentClaim, enrollmentLookalikeClaim, studentFields } from '../entities/student';
import { getStudents, type StudentItem } from './students';

/** Students by enrollment, for the CSV import (functions/lib/students/import.ts): by exact spelling, and who holds a look-alike. */

/**
 * The students holding these enrollments (any case), by enrollment as enrollmentClaim
 * spells it: one BatchGetItem of the claims per 100 enrollments, then one of the students per
 * 100 found. A claim whose student is gone (a delete midway) answers null.
 */
export async function findStudentsByEnrollment(enrollments: string[]): Promise<Map<string, StudentItem | null>> {
  const claims = await batchGet<{ pk: string; studentId: string }>(enrollments.map(enrollmentClaim));
  const students = await getStudents(claims.map((claim) => claim.studentId));
  const byId = new Map(students.map((student) => [student._id, studentFields(student)]));
  return new Map(claims.map((claim) => [claim.pk, byId.get(claim.studentId) ?? null]));
}

/** Who holds the look-alike keys of these enrollments: the student's id by key (one BatchGetItem per 100 keys). */
export async function findLookalikeHolders(enrollments: string[]): Promise<Map<string, string>> {
  const claims = await batchGet<{ lookalike: string; studentId: string }>(
    [...new Set(enrollments.flatMap(lookalikeKeys))].map(enrollmentLookalikeClaim),
  );
  return new Map(claims.map((claim) => [claim.lookalike, claim.studentId]));
}

/** One enrollment however it is spelt (the claim's identity): what findStudentsByEnrollment answers by. */
export const enrollmentKey = (enrollment: string): string => enrollmentClaim(enrollment).pk;
