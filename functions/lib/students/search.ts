import { STUDENT_SEARCH_LIMITS, type StudentMatch, type StudentSearchResult } from '@shared/schemas/student-search';
import { naturalKey } from '../natural-key';
import { listActiveTerms } from '../repositories/structure';
import { batchNames, divisionsOfTerm, studentsOfDivisions, type SearchedStudent } from '../repositories/student-search';

/*
 * The student search (docs/product.md §2.6, §2.12): the students of one term whose name or enrollment
 * holds the text, read with Queries under the term (functions/lib/repositories/student-search.ts) and
 * matched here, where every script's text can be compared as people read it.
 */

// The combining accents of Latin, Greek and Cyrillic letters. Indian scripts' vowel signs and viramas are
// combining marks too, but they are letters of the word (राम is not रमा): only these blocks are dropped.
const ACCENT_BLOCKS: [number, number][] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];
const isAccent = (character: string) => {
  const code = character.codePointAt(0)!;
  return ACCENT_BLOCKS.some(([first, last]) => code >= first && code <= last);
};

/**
 * Text as the search compares it: compatibility forms folded (NFKC's ｆｕｌｌｗｉｄｔｈ and ligatures), lower
 * case, accents dropped ('José' is 'jose'), white space one space.
 */
export function searchFold(text: string): string {
  const decomposed = [...text.normalize('NFKD').toLowerCase()];
  return decomposed
    .filter((character) => !isAccent(character))
    .join('')
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** How well a student matches (lower is better), or null for no match. */
function rankOf(student: SearchedStudent, folded: string): number | null {
  const enrollment = searchFold(student.enrollment);
  const name = searchFold(student.name);
  if (enrollment === folded) return 0;
  if (enrollment.startsWith(folded) || name.startsWith(folded) || name.includes(` ${folded}`)) return 1;
  if (enrollment.includes(folded) || name.includes(folded)) return 2;
  return null;
}

/** The term searched: the one asked for, else the first active term (the one Reports shows); null when there is none. */
async function termToSearch(termid: string | undefined): Promise<string | null> {
  if (termid) return termid;
  const [active] = await listActiveTerms();
  return active?._id ?? null;
}

/**
 * The students of the term whose name or enrollment holds `text`, best first: an exact enrollment, then a
 * name, a word of it or an enrollment that starts with it, then the rest, each in roll order; at most 20.
 */
export async function searchStudents(text: string, termid?: string): Promise<StudentSearchResult & { term: string | null }> {
  const term = await termToSearch(termid);
  if (!term) return { term, students: [], more: false };
  const divisions = await divisionsOfTerm(term);
  const folded = searchFold(text);
  const ranked = (await studentsOfDivisions(divisions))
    .map((student) => ({ student, rank: rankOf(student, folded), order: naturalKey(student.enrollment) }))
    .filter((one): one is typeof one & { rank: number } => one.rank !== null)
    .sort((a, b) => a.rank - b.rank || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const shown = ranked.slice(0, STUDENT_SEARCH_LIMITS.answered).map((one) => one.student);
  const names = await batchNames(shown.map((student) => student.batchid));
  const placeOf = new Map(divisions.map((one) => [one.division._id, one]));
  const students: StudentMatch[] = shown.map((student) => {
    const place = placeOf.get(student.divisionid);
    return {
      _id: student._id,
      enrollment: student.enrollment,
      name: student.name,
      termid: student.termid,
      semid: student.semid,
      semester: place?.semester.name ?? '',
      divisionid: student.divisionid,
      division: place?.division.name ?? '',
      batchid: student.batchid,
      batch: names.get(student.batchid) ?? '',
    };
  });
  return { term, students, more: ranked.length > students.length };
}
