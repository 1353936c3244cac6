import type { Student } from '@shared/schemas/structure';

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
}
