import { BATCH_REQUESTS, COURSE_REQUESTS, DIVISION_REQUESTS, SEMESTER_REQUESTS, SLOT_REQUESTS } from '@shared/requests/structure';
import { COORDINATOR_MESSAGES } from '@shared/schemas/structure';
import { resource } from './lib/http/resource';
import { countTree, deleteChildren, deleteTree } from './lib/repositories/cascade';
import { updateSlot } from './lib/repositories/slots';
import { setCoordinators } from './lib/repositories/coordinators';
import { createNode, KINDS, listChildren, toPublic, type Kind } from './lib/repositories/structure';
import { renameNode } from './lib/repositories/structure-rename';

/*
 * The five levels under a term — semester, division, batch, course, slot — each its own Lambda
 * (functions/<level>.ts re-exports its handler from here), sharing the handlers below. Routes
 * are written out in the order of shared/routes.ts; their requests are parsed by shared/requests/structure.ts.
 */
type Level = Exclude<Kind, 'term'>;

/*
 * The handlers below serve a route of each level: each is typed where it is used, against its own row
 * (a level's PublicNode is what its routes answer).
 */
type PathId = { params: { id: string } };

/** POST <kind>: creates a node under the parent the body names. */
export const addNode =
  <L extends Level>(kind: L, created: string) =>
  async ({ body: input }: { body: { name: string } & Partial<Record<string, string>> }) => {
    // A slot's class times come along (slotSchema requires them); the other levels have none.
    const item = await createNode(kind, {
      name: input.name,
      parentId: input[KINDS[kind].parentField!],
      start: input.start,
      end: input.end,
    });
    return { status: 201, data: toPublic(kind, item), message: created };
  };

/** GET <kind>/{parent id}: the parent's children, in people's order; `parent` names the path's parameter. */
export const listNodes =
  <L extends Level, P extends string>(kind: L, parent: P, empty: string) =>
  async ({ params }: { params: Record<P, string> }) => {
    const items = await listChildren(kind, params[parent]);
    return { data: items.map((item) => toPublic(kind, item)), message: items.length ? `${KINDS[kind].label} list` : empty };
  };

/** PATCH <kind>/{id}: a new name, by the rules of a create (its own name again changes nothing). */
export const renameNodeOf =
  <L extends Level>(kind: L, renamed: string) =>
  async ({ params, body }: PathId & { body: { name: string } }) => {
    const item = await renameNode(kind, params.id, body.name);
    return { data: toPublic(kind, item), message: renamed };
  };

/** GET <kind>/{id}/dependents: what a delete would take with it, for the confirmation dialog. */
export const countDependents =
  (kind: Level) =>
  async ({ params }: PathId) => ({
    data: await countTree(kind, params.id),
    message: `What deleting this ${kind} would remove`,
  });

/** DELETE <kind>/{id}: the node and everything under it. */
export const deleteSubtree =
  (kind: Level, deleted: string) =>
  async ({ params: { id } }: PathId) => {
    return { data: { _id: id, deleted: await deleteTree(kind, id) }, message: deleted };
  };

/** Semesters; deleting one removes its divisions, batches, students, courses and their attendance. */
export const semester = resource('semester', SEMESTER_REQUESTS, {
  'POST /semester': addNode('semester', 'Semester added successfully'),
  'GET /semester/{termid}': listNodes('semester', 'termid', 'No semester found'),
  'GET /semester/{id}/dependents': countDependents('semester'),
  'PATCH /semester/{id}': renameNodeOf('semester', 'Semester renamed successfully'),
  'DELETE /semester/{id}': deleteSubtree('semester', 'Semester deleted successfully'),
});

/** Divisions; deleting one removes its batches and their students. */
export const division = resource('division', DIVISION_REQUESTS, {
  'POST /division': addNode('division', 'Division added successfully'),
  'GET /division/{semid}': listNodes('division', 'semid', 'No division found'),
  // The original client's cascade step: every division of a semester. The ids it answers are
  // what that client sends next to POST batch/delete (which then finds nothing left to do).
  'DELETE /division/delete/{semid}': async ({ params }) => {
    const ids = await deleteChildren('division', params.semid);
    return { data: ids, message: ids.length ? 'Divisions deleted successfully' : 'No division found' };
  },
  'GET /division/{id}/dependents': countDependents('division'),
  'PATCH /division/{id}': renameNodeOf('division', 'Division renamed successfully'),
  'PATCH /division/{id}/coordinators': async ({ params, body }) => {
    const division = await setCoordinators(params.id, body.coordinators);
    return { data: toPublic('division', division), message: COORDINATOR_MESSAGES.saved };
  },
  'DELETE /division/{id}': deleteSubtree('division', 'Division deleted successfully'),
});

/** Batches; deleting one removes its students. */
export const batch = resource('batch', BATCH_REQUESTS, {
  'POST /batch': addNode('batch', 'Batch added successfully'),
  'GET /batch/{divisionid}': listNodes('batch', 'divisionid', 'No batches found'),
  // The original client's cascade step: every batch of the given divisions.
  'POST /batch/delete': async ({ body }) => {
    const { divIds } = body;
    const ids: string[] = [];
    for (const divisionid of new Set(divIds)) ids.push(...(await deleteChildren('batch', divisionid)));
    return { data: ids, message: ids.length ? 'Batch deleted successfully' : 'No batches found' };
  },
  'GET /batch/{id}/dependents': countDependents('batch'),
  'PATCH /batch/{id}': renameNodeOf('batch', 'Batch renamed successfully'),
  'DELETE /batch/{id}': deleteSubtree('batch', 'Batch deleted successfully'),
});

/** Courses; deleting a course removes its attendance. */
export const course = resource('course', COURSE_REQUESTS, {
  'POST /course': addNode('course', 'Course added successfully'),
  'GET /course/{semid}': listNodes('course', 'semid', 'No course found'),
  'GET /course/{id}/dependents': countDependents('course'),
  'PATCH /course/{id}': renameNodeOf('course', 'Course renamed successfully'),
  'DELETE /course/{id}': deleteSubtree('course', 'Course deleted successfully'),
});

/** The time slots of a term, each with its class times. Its ids in paths answer the original client's "could't get id". */
export const slot = resource('slot', SLOT_REQUESTS, {
  'POST /slot': addNode('slot', 'Slot added successfully'),
  'GET /slot/{termid}': listNodes('slot', 'termid', 'No slots found'),
  'PATCH /slot/{id}': async ({ params, body }) => {
    const item = await updateSlot(params.id, body);
    return { data: toPublic('slot', item), message: 'Slot updated successfully' };
  },
  'DELETE /slot/{id}': deleteSubtree('slot', 'Slot deleted successfully'),
});
