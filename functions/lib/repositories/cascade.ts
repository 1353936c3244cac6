import type { Dependents } from '@shared/schemas/dependents';
import { NotFound } from '../domain-errors';
import { countAttendanceOfCourse, deleteAttendanceOfCourse } from './attendance';
import { countStudentsOfBatch, deleteStudentsOfBatch } from './group-students';
import { deleteEntriesNaming } from './timetable';
import { deleteNode, getNode, KINDS, listChildren, markDeleting, type Kind, type StructureItem } from './structure';

/**
 * Server-side cascading deletes, and the counts of what one would remove. A delete first
 * marks its root `deleting` (so nothing new is created under it), then removes the children,
 * then the root itself: a delete that stops midway is finished by running it again, and
 * leaves no orphans. Both throw NotFound when the root does not exist.
 */
const none = (): Dependents => ({ divisions: 0, batches: 0, students: 0, courses: 0, attendance: 0 });

/** What to do at the leaves and with each child subtree: delete them, or count them. */
interface Visit {
  students(batchid: string): Promise<number>;
  attendance(courseid: string): Promise<number>;
  subtree(kind: Kind, child: StructureItem): Promise<Dependents>;
}

/** Walks the children of one node, adding up what `visit` reports. */
async function visitChildren(kind: Kind, id: string, visit: Visit): Promise<Dependents> {
  const total = none();
  const each = async (childKind: Kind, counter: keyof Dependents) => {
    for (const child of await listChildren(childKind, id)) {
      const below = await visit.subtree(childKind, child);
      for (const key of Object.keys(total) as (keyof Dependents)[]) total[key] += below[key];
      total[counter] += 1;
    }
  };
  if (kind === 'semester') {
    await each('division', 'divisions');
    await each('course', 'courses');
  }
  if (kind === 'division') await each('batch', 'batches');
  if (kind === 'batch') total.students += await visit.students(id);
  if (kind === 'course') total.attendance += await visit.attendance(id);
  return total;
}

/** Deletes a subtree that may have gone meanwhile (a concurrent delete): nothing, then. */
async function deleteIfThere(kind: Kind, id: string): Promise<Dependents | null> {
  try {
    return await deleteTree(kind, id);
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

const deleting: Visit = {
  students: deleteStudentsOfBatch,
  attendance: deleteAttendanceOfCourse,
  subtree: async (kind, child) => (await deleteIfThere(kind, child._id)) ?? none(),
};

const counting: Visit = {
  students: countStudentsOfBatch,
  attendance: countAttendanceOfCourse,
  subtree: (kind, child) => visitChildren(kind, child._id, counting),
};

/** Deletes the node of `kind` with `id` and everything under it; answers what went with it. */
export async function deleteTree(kind: Kind, id: string): Promise<Dependents> {
  const root = await markDeleting(kind, id);
  const deleted = await visitChildren(kind, id, deleting);
  // A semester's timetable entries go with its divisions and courses; a term is never deleted.
  if (kind !== 'term' && kind !== 'semester') await deleteEntriesNaming(root.termid!, id);
  await deleteNode(kind, root);
  return deleted;
}

/** Deletes every child of `kind` under one parent, each with its subtree; answers their ids. */
export async function deleteChildren(kind: Kind, parentId: string): Promise<string[]> {
  const children = await listChildren(kind, parentId);
  for (const child of children) await deleteIfThere(kind, child._id);
  return children.map((child) => child._id);
}

/** What deleting the node would remove with it. */
export async function countTree(kind: Kind, id: string): Promise<Dependents> {
  if (!(await getNode(kind, id))) throw new NotFound(`${KINDS[kind].label} not found`);
  return visitChildren(kind, id, counting);
}
