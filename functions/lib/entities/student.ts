import type { Student } from '@shared/schemas/structure';
import { allOnIndex, beginsWith, hashed, type Key, type KeyCondition } from '../keys';
import { naturalKey } from '../natural-key';

/**
 * A student as stored (functions/lib/repositories/students.ts writes it): the student's own fields,
 * with its batch's ancestors so that lists by division and reports need no further read.
 */
export interface StudentItem extends Student {
  divisionid: string;
  semid: string;
  termid: string;
  /** The look-alike keys its enrollment claims (none on students an older release stored, until their enrollment changes). */
  lookalikes?: string[];
  /**
   * The divisions and batches the student was in earlier this semester (moved since): the summaries of
   * those groups hold their counts from before the move, which their Home reads too. Gone with a new semester.
   */
  earlierGroups?: string[];
}

/** `after` (the student moved or changed) with the groups it leaves added to its earlier ones, or none in a new semester. */
export function withEarlierGroups(before: StudentItem, after: StudentItem): StudentItem {
  const { earlierGroups: _, ...rest } = after;
  if (after.semid !== before.semid) return rest;
  const left = [before.divisionid, before.batchid].filter((group) => group !== after.divisionid && group !== after.batchid);
  const groups = [...new Set([...(before.earlierGroups ?? []), ...left])].filter(
    (group) => group !== after.divisionid && group !== after.batchid,
  );
  return groups.length ? { ...rest, earlierGroups: groups } : rest;
}

/**
 * Only the student's own fields: items read back also carry keys, which must not leak into other items.
 * `guardiansInformed` is the student item's alone (set one key at a time: noteGuardianInformed in
 * functions/lib/repositories/accounts.ts); the list entries leave it out, and a change of the student keeps it.
 */
export const studentFields = ({
  _id,
  enrollment,
  name,
  email,
  batchid,
  divisionid,
  semid,
  termid,
  lookalikes,
  guardians,
  earlierGroups,
  dob,
  guardiansInformed,
}: StudentItem): StudentItem => ({
  _id,
  enrollment,
  name,
  email,
  batchid,
  divisionid,
  semid,
  termid,
  lookalikes,
  guardians,
  earlierGroups,
  dob,
  guardiansInformed,
});

// Keys: the entity, the enrollment claim, and the entry in the batch's (and, on gsi1, the division's) list.

interface PlacedStudent {
  _id: string;
  enrollment: string;
  batchid: string;
  divisionid: string;
}

export const studentById = (id: string): Key => ({ pk: `STU#${id}`, sk: 'STU' });
/** Claims an enrollment (any case) college-wide. */
export const enrollmentClaim = (enrollment: string): Key => ({ pk: `ENROLL#${enrollment.trim().toLowerCase()}`, sk: 'ENROLL' });
/** Claims one look-alike key of an enrollment (shared/text/lookalike.ts) college-wide. */
export const enrollmentLookalikeClaim = (lookalike: string): Key => ({ pk: `ENROLLALIKE#${hashed(lookalike)}`, sk: 'ENROLLALIKE' });
export const studentEntry = (student: Omit<PlacedStudent, 'divisionid'>): Key => ({
  pk: `BATCH#${student.batchid}`,
  sk: `STU#${naturalKey(student.enrollment)}#${student._id}`,
});
/** The entry's place in its division's list (gsi1), in roll order. */
export const studentInDivision = (student: PlacedStudent) => ({
  gsi1pk: `DIV#${student.divisionid}#STU`,
  gsi1sk: `${naturalKey(student.enrollment)}#${student._id}`,
});
export const studentsOfBatch = (batchid: string): KeyCondition => beginsWith(`BATCH#${batchid}`, 'STU#');
export const studentsOfDivision = (divisionid: string): KeyCondition => allOnIndex(`DIV#${divisionid}#STU`);
