import { deleteAttendanceOfCourse } from './attendance';
import { deleteStudentsOfBatch } from './students';
import { deleteNode, listChildren, markDeleting, type Kind, type StructureItem } from './structure';

/**
 * Server-side cascading deletes. Each subtree root is first marked `deleting` (so nothing new
 * is created under it), then its children go, then the root itself: a delete that stops
 * midway is finished by running it again, and leaves no orphans.
 */
export interface Deleted {
  divisions: number;
  batches: number;
  students: number;
  courses: number;
  attendance: number;
}

const none = (): Deleted => ({ divisions: 0, batches: 0, students: 0, courses: 0, attendance: 0 });

function add(total: Deleted, part: Deleted): Deleted {
  for (const key of Object.keys(total) as (keyof Deleted)[]) total[key] += part[key];
  return total;
}

/** Deletes the entity of `kind` with id and everything under it; null when it does not exist. */
export async function deleteTree(kind: Kind, id: string): Promise<Deleted | null> {
  const root = await markDeleting(kind, id);
  if (!root) return null;
  const deleted = await deleteChildren(kind, root);
  await deleteNode(kind, root);
  return deleted;
}

async function deleteChildren(kind: Kind, root: StructureItem): Promise<Deleted> {
  const total = none();
  switch (kind) {
    case 'semester':
      for (const division of await listChildren('division', root._id)) add(total, await deleteCounted('division', division));
      for (const course of await listChildren('course', root._id)) add(total, await deleteCounted('course', course));
      break;
    case 'division':
      for (const batch of await listChildren('batch', root._id)) add(total, await deleteCounted('batch', batch));
      break;
    case 'batch':
      total.students += await deleteStudentsOfBatch(root._id);
      break;
    case 'course':
      total.attendance += await deleteAttendanceOfCourse(root._id);
      break;
    default:
      break;
  }
  return total;
}

async function deleteCounted(kind: 'division' | 'batch' | 'course', child: StructureItem): Promise<Deleted> {
  const deleted = (await deleteTree(kind, child._id)) ?? none();
  const counter = ({ division: 'divisions', batch: 'batches', course: 'courses' } as const)[kind];
  deleted[counter] += 1;
  return deleted;
}
