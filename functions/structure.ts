import type * as z from 'zod/mini';
import { entityId } from '@shared/schemas/common';
import {
  COORDINATOR_MESSAGES,
  coordinatorsSchema,
  batchDeleteSchema,
  batchRenameSchema,
  batchSchema,
  courseRenameSchema,
  courseSchema,
  divisionRenameSchema,
  divisionSchema,
  semesterRenameSchema,
  semesterSchema,
  slotSchema,
  slotUpdateSchema,
} from '@shared/schemas/structure';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { countTree, deleteChildren, deleteTree } from './lib/repositories/cascade';
import { updateSlot } from './lib/repositories/slots';
import { setCoordinators } from './lib/repositories/coordinators';
import { createNode, KINDS, listChildren, toPublic, type Kind } from './lib/repositories/structure';
import { renameNode } from './lib/repositories/structure-rename';

/*
 * The five levels under a term — semester, division, batch, course, slot — each its own Lambda
 * (functions/<level>.ts re-exports its handler from here), sharing the handlers below. Routes
 * are written out in the order of shared/routes.ts. `badId` is the message for an empty or
 * malformed id in the path (docs/product.md §5).
 */
type Level = Exclude<Kind, 'term'>;

const pathId = (value: string | undefined, badId = 'Some error occur') => parse(entityId(badId), value);

/*
 * The handlers below serve a route of each level: each is typed where it is used, against its own row
 * (a level's PublicNode is what its routes answer).
 */
type PathParams = { params: Record<string, string> };

/** POST <kind>: creates a node under the parent the body names. */
export const addNode =
  <L extends Level>(kind: L, schema: z.ZodMiniType<{ name: string } & Record<string, string>>, created: string) =>
  async ({ body }: { body: unknown }) => {
    const input = parse(schema, body);
    // A slot's class times come along (slotSchema requires them); the other levels have none.
    const item = await createNode(kind, {
      name: input.name,
      parentId: input[KINDS[kind].parentField!],
      start: input.start,
      end: input.end,
    });
    return { status: 201, data: toPublic(kind, item), message: created };
  };

/** GET <kind>/{parent id}: the parent's children, in people's order. */
export const listNodes =
  <L extends Level>(kind: L, empty: string, badId?: string) =>
  async ({ params }: PathParams) => {
    const items = await listChildren(kind, pathId(params[KINDS[kind].parentField!], badId));
    return { data: items.map((item) => toPublic(kind, item)), message: items.length ? `${KINDS[kind].label} list` : empty };
  };

/** PATCH <kind>/{id}: a new name, by the rules of a create (its own name again changes nothing). */
export const renameNodeOf =
  <L extends Level>(kind: L, schema: z.ZodMiniType<{ name: string }>, renamed: string) =>
  async ({ params, body }: PathParams & { body: unknown }) => {
    const id = pathId(params.id);
    const item = await renameNode(kind, id, parse(schema, body).name);
    return { data: toPublic(kind, item), message: renamed };
  };

/** GET <kind>/{id}/dependents: what a delete would take with it, for the confirmation dialog. */
export const countDependents =
  (kind: Level) =>
  async ({ params }: PathParams) => ({
    data: await countTree(kind, pathId(params.id)),
    message: `What deleting this ${kind} would remove`,
  });

/** DELETE <kind>/{id}: the node and everything under it. */
export const deleteSubtree =
  (kind: Level, deleted: string, badId?: string) =>
  async ({ params }: PathParams) => {
    const id = pathId(params.id, badId);
    return { data: { _id: id, deleted: await deleteTree(kind, id) }, message: deleted };
  };

/** Semesters; deleting one removes its divisions, batches, students, courses and their attendance. */
export const semester = resource('semester', {
  'POST /semester': addNode('semester', semesterSchema, 'Semester added successfully'),
  'GET /semester/{termid}': listNodes('semester', 'No semester found'),
  'GET /semester/{id}/dependents': countDependents('semester'),
  'PATCH /semester/{id}': renameNodeOf('semester', semesterRenameSchema, 'Semester renamed successfully'),
  'DELETE /semester/{id}': deleteSubtree('semester', 'Semester deleted successfully'),
});

/** Divisions; deleting one removes its batches and their students. */
export const division = resource('division', {
  'POST /division': addNode('division', divisionSchema, 'Division added successfully'),
  'GET /division/{semid}': listNodes('division', 'No division found'),
  // The original client's cascade step: every division of a semester. The ids it answers are
  // what that client sends next to POST batch/delete (which then finds nothing left to do).
  'DELETE /division/delete/{semid}': async ({ params }) => {
    const ids = await deleteChildren('division', parse(entityId('Some error occur'), params.semid));
    return { data: ids, message: ids.length ? 'Divisions deleted successfully' : 'No division found' };
  },
  'GET /division/{id}/dependents': countDependents('division'),
  'PATCH /division/{id}': renameNodeOf('division', divisionRenameSchema, 'Division renamed successfully'),
  'PATCH /division/{id}/coordinators': async ({ params, body }) => {
    const division = await setCoordinators(pathId(params.id), parse(coordinatorsSchema, body).coordinators);
    return { data: toPublic('division', division), message: COORDINATOR_MESSAGES.saved };
  },
  'DELETE /division/{id}': deleteSubtree('division', 'Division deleted successfully'),
});

/** Batches; deleting one removes its students. */
export const batch = resource('batch', {
  'POST /batch': addNode('batch', batchSchema, 'Batch added successfully'),
  'GET /batch/{divisionid}': listNodes('batch', 'No batches found'),
  // The original client's cascade step: every batch of the given divisions.
  'POST /batch/delete': async ({ body }) => {
    const { divIds } = parse(batchDeleteSchema, body);
    const ids: string[] = [];
    for (const divisionid of new Set(divIds)) ids.push(...(await deleteChildren('batch', divisionid)));
    return { data: ids, message: ids.length ? 'Batch deleted successfully' : 'No batches found' };
  },
  'GET /batch/{id}/dependents': countDependents('batch'),
  'PATCH /batch/{id}': renameNodeOf('batch', batchRenameSchema, 'Batch renamed successfully'),
  'DELETE /batch/{id}': deleteSubtree('batch', 'Batch deleted successfully'),
});

/** Courses; deleting a course removes its attendance. */
export const course = resource('course', {
  'POST /course': addNode('course', courseSchema, 'Course added successfully'),
  'GET /course/{semid}': listNodes('course', 'No course found'),
  'GET /course/{id}/dependents': countDependents('course'),
  'PATCH /course/{id}': renameNodeOf('course', courseRenameSchema, 'Course renamed successfully'),
  'DELETE /course/{id}': deleteSubtree('course', 'Course deleted successfully'),
});

/** The time slots of a term, each with its class times. Its ids in paths answer the original client's "could't get id". */
export const slot = resource('slot', {
  'POST /slot': addNode('slot', slotSchema, 'Slot added successfully'),
  'GET /slot/{termid}': listNodes('slot', 'No slots found', "could't get id"),
  'PATCH /slot/{id}': async ({ params, body }) => {
    const id = pathId(params.id, "could't get id");
    const item = await updateSlot(id, parse(slotUpdateSchema, body));
    return { data: toPublic('slot', item), message: 'Slot updated successfully' };
  },
  'DELETE /slot/{id}': deleteSubtree('slot', 'Slot deleted successfully', "could't get id"),
});
