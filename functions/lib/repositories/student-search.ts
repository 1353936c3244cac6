import { queryAll } from '../db';
import { type StudentItem, studentsOfDivision } from '../entities/student';
import { getNodes, listChildren, type StructureItem } from './structure';

/**
 * A term's students, for the student search (functions/lib/students/search.ts). Students are listed by
 * batch and, on gsi1, by division (studentsOfDivision); a term has no list of its own. So a term is
 * read as its semesters (one Query), their divisions (one Query per semester) and each division's
 * students (one Query per division on gsi1, paged): Queries only, all under the term.
 * A term of 5,000 students in 50 divisions is 1 + semesters + 50 Queries reading about 5,000 entries
 * (some 1.5 MB: each a few hundred bytes), a few at a time.
 */

/** What the search reads of each entry: its fields, not the keys or look-alikes. */
export type SearchedStudent = Pick<StudentItem, '_id' | 'enrollment' | 'name' | 'batchid' | 'divisionid' | 'semid' | 'termid'>;

/** A division of the term with its semester: where its students are listed, and the names the answer shows. */
export interface TermDivision {
  division: StructureItem;
  semester: StructureItem;
}

const ENTRY_FIELDS = {
  ProjectionExpression: '#id, enrollment, #name, batchid, divisionid, semid, termid',
  ExpressionAttributeNames: { '#id': '_id', '#name': 'name' },
};
/** Queries sent at once: enough to read a term quickly, few enough not to burst the table's capacity. */
const PARALLEL_QUERIES = 8;

/** Runs `task` over every item, a few at a time, answering in the items' order. */
async function inParallel<T, R>(items: T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await task(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_QUERIES, items.length) }, worker));
  return results;
}

const live = (node: StructureItem) => !node.deleting;

/** The divisions of a term's semesters (none being deleted): one Query for the semesters, one per semester. */
export async function divisionsOfTerm(termid: string): Promise<TermDivision[]> {
  const semesters = (await listChildren('semester', termid)).filter(live);
  const divisions = await inParallel(semesters, (semester) => listChildren('division', semester._id));
  return semesters.flatMap((semester, at) => divisions[at]!.filter(live).map((division) => ({ division, semester })));
}

/** Every student of these divisions, in roll order per division (a Query per division on gsi1). */
export async function studentsOfDivisions(divisions: TermDivision[]): Promise<SearchedStudent[]> {
  const lists = await inParallel(divisions, ({ division }) => queryAll<SearchedStudent>(studentsOfDivision(division._id), ENTRY_FIELDS));
  return lists.flat();
}

/** The names of these batches by id (one BatchGetItem per 100); a batch gone meanwhile is left out. */
export async function batchNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const batches = await getNodes(unique.map((id) => ['batch', id]));
  return new Map(batches.flatMap((batch) => (batch ? [[batch._id, batch.name] as const] : [])));
}
