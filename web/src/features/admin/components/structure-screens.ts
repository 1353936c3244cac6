import * as z from 'zod/mini';
import {
  batchRenameSchema,
  batchSchema,
  courseRenameSchema,
  courseSchema,
  divisionRenameSchema,
  divisionSchema,
  semesterRenameSchema,
  semesterSchema,
  slotRenameSchema,
  slotSchema,
} from '@shared/schemas/structure';
import type { Loadable } from '@web/components/ui/loaded';
import type { ApiBody } from '@shared/api-contract';
import { useBatches, useCourses, useDivisions, useSemesters, useSlots } from '@web/lib/queries';
import type { Level } from '../chain';

interface Named {
  _id: string;
  name: string;
  /** A slot's class times (unset on a slot an older release stored). */
  start?: string;
  end?: string;
  /** A division's: the users who decide its students' leave. */
  coordinators?: string[];
}

/** The levels under a term, each created under a parent and deleted with everything under it. */
export type ChildKind = 'semester' | 'division' | 'batch' | 'course' | 'slot';

export interface StructureScreen {
  kind: ChildKind;
  title: string;
  /** The buttons of docs/product.md §2.5. */
  addLabel: string;
  getLabel: string;
  /** The list's heading: '<plural> of <parent name>'. */
  plural: string;
  /** The docs/product.md §8 empty message. */
  empty: string;
  lead: string;
  /** The fixed delete message (docs/product.md §8), else the server's. */
  deleted?: string;
  /** The parent select the form shows (a division's form also shows its semester). */
  parent: Exclude<Level, 'batch'>;
  /** A slot's: the form asks for its class times, the list shows them, and a row's times can be set. */
  times?: true;
  /** A division's: the list names its leave coordinators, and a row's can be chosen. */
  coordinators?: true;
  /** The parent's field in the create body (docs/product.md §3). */
  parentField: 'termid' | 'semid' | 'divisionid';
  /** The create body's schema (the create route's): a name and the parent's id. */
  schema: z.ZodMiniType<ApiBody<StructureScreen['create']>>;
  /** What Get checks: the parent's id alone. */
  parentSchema: z.ZodMiniType<Record<string, string>>;
  create: 'POST /semester' | 'POST /division' | 'POST /batch' | 'POST /course' | 'POST /slot';
  remove: 'DELETE /semester/{id}' | 'DELETE /division/{id}' | 'DELETE /batch/{id}' | 'DELETE /course/{id}' | 'DELETE /slot/{id}';
  /** A row's Rename: the route, and its body's schema (the create's name rules). */
  rename: 'PATCH /semester/{id}' | 'PATCH /division/{id}' | 'PATCH /batch/{id}' | 'PATCH /course/{id}' | 'PATCH /slot/{id}';
  renameSchema: z.ZodMiniType<{ name: string }>;
  useList: (parentId: string | undefined) => Loadable<Named>;
}

export const SCREENS: Record<ChildKind, StructureScreen> = {
  semester: {
    kind: 'semester',
    title: 'Semester',
    addLabel: 'Add Semester',
    getLabel: 'Get Semesters',
    plural: 'Semesters',
    empty: 'No semester found',
    lead: 'Add a semester to a term, or list, rename and delete the semesters of a term.',
    parent: 'term',
    parentField: 'termid',
    schema: semesterSchema,
    parentSchema: z.pick(semesterSchema, { termid: true }),
    create: 'POST /semester',
    remove: 'DELETE /semester/{id}',
    rename: 'PATCH /semester/{id}',
    renameSchema: semesterRenameSchema,
    useList: useSemesters,
  },
  division: {
    kind: 'division',
    title: 'Division',
    addLabel: 'Add Division',
    getLabel: 'Get Division',
    plural: 'Divisions',
    empty: 'No division found',
    lead: 'Add a division to a semester, or list, rename and delete the divisions of a semester and choose who decides their leave applications.',
    parent: 'semester',
    parentField: 'semid',
    coordinators: true,
    schema: divisionSchema,
    parentSchema: z.pick(divisionSchema, { semid: true }),
    create: 'POST /division',
    remove: 'DELETE /division/{id}',
    rename: 'PATCH /division/{id}',
    renameSchema: divisionRenameSchema,
    useList: useDivisions,
  },
  batch: {
    kind: 'batch',
    title: 'Batch',
    addLabel: 'Add Batch',
    getLabel: 'Get Batch',
    plural: 'Batches',
    empty: 'No batches found',
    lead: 'Add a batch to a division, or list, rename and delete the batches of a division.',
    deleted: 'Batch deleted successfully',
    parent: 'division',
    parentField: 'divisionid',
    schema: batchSchema,
    parentSchema: z.pick(batchSchema, { divisionid: true }),
    create: 'POST /batch',
    remove: 'DELETE /batch/{id}',
    rename: 'PATCH /batch/{id}',
    renameSchema: batchRenameSchema,
    useList: useBatches,
  },
  course: {
    kind: 'course',
    title: 'Course',
    addLabel: 'Add Course',
    getLabel: 'Get Course',
    plural: 'Courses',
    empty: 'No course found',
    lead: 'Add a course to a semester, or list, rename and delete the courses of a semester.',
    deleted: 'Course deleted successfully',
    parent: 'semester',
    parentField: 'semid',
    schema: courseSchema,
    parentSchema: z.pick(courseSchema, { semid: true }),
    create: 'POST /course',
    remove: 'DELETE /course/{id}',
    rename: 'PATCH /course/{id}',
    renameSchema: courseRenameSchema,
    useList: useCourses,
  },
  slot: {
    kind: 'slot',
    title: 'Slot',
    addLabel: 'Add Slot',
    getLabel: 'Get Slots',
    plural: 'Slots',
    empty: 'No slots found',
    lead: 'Add a time slot to a term with its class times, or list the slots of a term, rename them, set their times and delete them.',
    parent: 'term',
    parentField: 'termid',
    times: true,
    schema: slotSchema,
    // Not z.pick: slotSchema carries a check across fields (the end after the start), which pick refuses.
    parentSchema: z.object({ termid: slotSchema.shape.termid }),
    create: 'POST /slot',
    remove: 'DELETE /slot/{id}',
    rename: 'PATCH /slot/{id}',
    renameSchema: slotRenameSchema,
    useList: useSlots,
  },
};
