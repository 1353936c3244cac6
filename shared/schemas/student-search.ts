import * as z from 'zod/mini';
import { normalizeText } from '../text/normalize';
import { entityId } from './common';

/*
 * Finding a student by name or enrollment (GET student/search): any part of either, in any script, whatever
 * the case or accents. The Students screen and Reports ask it; it answers the first matches of one term.
 */

export const STUDENT_SEARCH_LIMITS = { shortest: 2, longest: 100, answered: 20 } as const;

export const STUDENT_SEARCH_MESSAGES = {
  tooShort: `Type at least ${STUDENT_SEARCH_LIMITS.shortest} characters of a name or enrollment`,
  tooLong: `Type at most ${STUDENT_SEARCH_LIMITS.longest} characters`,
  termid: 'Please select a term',
  found: 'Students found',
  none: 'No student matches your search',
  noTerm: 'No term found',
} as const;

/** Characters as people count them in any script: code points, not UTF-16 units. */
const length = (text: string) => [...text].length;

/** GET student/search: `q` (normalised as names are stored, 2 to 100 characters) and optionally the term (else the active one). */
export const studentSearchQuerySchema = z.object({
  q: z.string({ error: STUDENT_SEARCH_MESSAGES.tooShort }).check(
    z.overwrite(normalizeText),
    z.refine((text) => length(text) >= STUDENT_SEARCH_LIMITS.shortest, { error: STUDENT_SEARCH_MESSAGES.tooShort }),
    z.refine((text) => length(text) <= STUDENT_SEARCH_LIMITS.longest, { error: STUDENT_SEARCH_MESSAGES.tooLong }),
  ),
  termid: z.optional(entityId(STUDENT_SEARCH_MESSAGES.termid)),
});
export type StudentSearchQuery = z.input<typeof studentSearchQuerySchema>;

/** What the search answers: shared/answers/student-search.ts. */
export type { StudentMatch, StudentSearchResult } from '../answers/student-search';
