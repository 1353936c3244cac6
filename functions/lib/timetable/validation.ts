import { TIMETABLE_MESSAGES as M, type TimetableEntryInput } from '@shared/schemas/timetable';
import { batchGet } from '../batch';
import { Invalid } from '../domain-errors';
import { structureNode } from '../entities/structure-node';
import * as keys from '../keys';
import { userProfile } from '../entities/user';
import type { StructureItem } from '../repositories/structure';
import type { TimetableItem } from '../entities/timetable-entry';
import { timetableEntryId } from '../item-ids';

/**
 * The entry to store for an input, after checking that the term, slot, course, group and faculty
 * member exist and fit together (Invalid otherwise, with what is wrong): the slot is of the term,
 * the group is a division for a lecture and a batch for a lab, of a semester of the term, and the
 * course is of that semester; a class of odd or even weeks needs the term's first day. One BatchGetItem reads them all; the group is looked up as both a
 * division and a batch, so that the wrong kind is told apart from a group that does not exist.
 */
export async function validatedEntry(input: TimetableEntryInput): Promise<TimetableItem> {
  const wanted = {
    term: structureNode('term', input.termid),
    slot: structureNode('slot', input.slotid),
    course: structureNode('course', input.courseid),
    division: structureNode('division', input.groupid),
    batch: structureNode('batch', input.groupid),
    faculty: userProfile(input.facultyid),
  };
  const found = await batchGet<Partial<StructureItem> & keys.Key & { username?: string }>(Object.values(wanted));
  const get = (key: keys.Key) => found.find((item) => item.pk === key.pk && item.sk === key.sk && !item.deleting);
  const [term, slot, course, division, batch, faculty] = [
    get(wanted.term),
    get(wanted.slot),
    get(wanted.course),
    get(wanted.division),
    get(wanted.batch),
    get(wanted.faculty),
  ];

  if (!term) throw new Invalid(M.termNotFound);
  if (!slot) throw new Invalid(M.slotNotFound);
  if (slot.termid !== input.termid) throw new Invalid(M.slotNotInTerm);
  if (!course) throw new Invalid(M.courseNotFound);
  const lab = input.classKind === 'lab';
  const group = lab ? batch : division;
  if (!group) {
    if (lab && division) throw new Invalid(M.labNeedsBatch);
    if (!lab && batch) throw new Invalid(M.lectureNeedsDivision);
    throw new Invalid(M.groupNotFound);
  }
  if (group.termid !== input.termid) throw new Invalid(M.groupNotInTerm);
  if (course.semid !== group.semid) throw new Invalid(M.courseNotOfGroup);
  if (!faculty?.username) throw new Invalid(M.facultyNotFound);
  // Odd and even weeks are counted from the term's first day (shared/timetable-weeks.ts).
  if (input.weeks && !term.startDate) throw new Invalid(M.weeksNeedTermStart);

  const { weeks, ...rest } = input;
  const place = { ...rest, ...(weeks ? { weeks } : {}) };
  return {
    _id: timetableEntryId(place),
    ...place,
    semid: group.semid!,
    divisionid: lab ? group.divisionid! : input.groupid,
    faculty: { _id: input.facultyid, username: faculty.username },
  };
}
