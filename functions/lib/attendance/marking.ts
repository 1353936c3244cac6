import type { AttendanceStatus, MarkInput } from '@shared/schemas/attendance';
import { FUTURE_DATE, MARK_MESSAGES } from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import { addDays, todayIn } from '@shared/dates';
import { TIMETABLE_MESSAGES } from '@shared/schemas/timetable';
import { Forbidden, Invalid } from '../domain-errors';
import type { CurrentUser } from '../http/types';
import type { ClassSession } from '../repositories/attendance';
import { getStudent } from '../repositories/students';
import { listStudentsByBatch, listStudentsByDivision } from '../repositories/group-students';
import { getNode, getNodesWithSettings, type StructureItem } from '../repositories/structure';
import { itemBytes, CLASS_SESSION_ITEM_LIMIT } from '../item-size';
import { isAssigned } from '../repositories/timetable';
import { groupLabel } from './session-view';
import { classSessionId } from '../entities/class-session';
import { onLeaveOn } from '../repositories/leaves';
import { leaveOfMark, type MarkedLeave } from './mark-leave';

/** A mark checked and ready to store; `backdated`: older than faculty may mark, so an admin's (a security event). */
export interface ValidatedMark {
  classSession: ClassSession;
  backdated: boolean;
  /** The approved leaves it applied, and the version of the group's day of leave it read them at. */
  leave: MarkedLeave;
  /** Read on the way: the class's slot and the college's settings. */
  slot: StructureItem;
  settings: CollegeSettings;
}

/**
 * The class session to store for a mark, after checking that the course, slot and group exist and
 * fit together and that every student named belongs to the group: Invalid otherwise. Under the
 * markingPolicy 'assigned' a faculty member may mark only a course, kind and group the term's
 * timetable gives them (Forbidden otherwise; admins always may). Each student of the group gets
 * a status: the one `statuses` gives, else present when listed in presentStudentIds, else absent.
 * A faculty member may mark at most the settings' markBackDays before today; only admins older dates.
 */
export async function validatedClassSession(input: MarkInput, user: CurrentUser): Promise<ValidatedMark> {
  const groupKind = groupLabel(input.classKind);
  const named = Object.keys(input.statuses ?? {});
  const groupid = input.groupid ?? (await groupOfStudents([...input.presentStudentIds, ...named], groupKind));
  const {
    nodes: [course, slot, group],
    settings,
  } = await getNodesWithSettings([
    ['course', input.courseid],
    ['slot', input.slotid],
    [groupKind, groupid],
  ]);
  if (!course) throw new Invalid('Course not found');
  if (!slot) throw new Invalid('Slot not found');
  if (!group || group.deleting) throw new Invalid(`The ${groupKind} to mark was not found`);
  if (course.semid !== group.semid) throw new Invalid(`This course is not taught in this ${groupKind}'s semester`);
  if (slot.termid !== group.termid) throw new Invalid(`This slot is not in this ${groupKind}'s term`);
  checkTermAllows(await getNode('term', group.termid!), input.date);
  const backdated = isBackdated(input.date, settings, user);
  if (settings.markingPolicy === 'assigned' && user.role !== 'admin') {
    const where = { termid: group.termid!, courseid: input.courseid, classKind: input.classKind, groupid };
    if (!(await isAssigned(user._id, where))) throw new Forbidden(TIMETABLE_MESSAGES.notAssigned);
  }

  const [students, onLeave] = await Promise.all([
    groupKind === 'division' ? listStudentsByDivision(groupid) : listStudentsByBatch(groupid),
    onLeaveOn(groupid, input.date),
  ]);
  const enrolled = new Set(students.map((student) => student._id));
  if (input.presentStudentIds.some((id) => !enrolled.has(id))) throw new Invalid(`Some present students are not in this ${groupKind}`);
  if (named.some((id) => !enrolled.has(id))) throw new Invalid(`Some students in statuses are not in this ${groupKind}`);

  const present = new Set(input.presentStudentIds);
  const given = input.statuses ?? {};
  const marked = (id: string): AttendanceStatus => (Object.hasOwn(given, id) ? given[id]! : present.has(id) ? 'present' : 'absent');
  const place = { courseid: input.courseid, classKind: input.classKind, date: input.date, slotid: input.slotid, groupid };
  const leave = leaveOfMark(onLeave, place, new Set(students.map(({ _id }) => _id)), marked);
  const classSession = fitsOneItem(groupKind, {
    _id: classSessionId(place),
    ...place,
    expected: students.map(({ _id, name, enrollment }) => ({ _id, name, enrollment })),
    statuses: Object.fromEntries(students.map(({ _id }) => [_id, leave.statuses.get(_id) ?? marked(_id)])),
    markedBy: { _id: user._id, username: user.username },
    markedAt: new Date().toISOString(),
    version: 1,
  });
  return { classSession, backdated, leave, slot, settings };
}

/**
 * Whether the date is before the earliest day faculty may mark (Invalid for a faculty member):
 * a mark decades back would pull down any student's percentage (docs/product.md §3). Days are the
 * college's (its time zone): a date after today there is refused for everyone.
 */
function isBackdated(date: string, settings: CollegeSettings, user: CurrentUser): boolean {
  const today = todayIn(settings.timeZone);
  if (date > today) throw new Invalid(FUTURE_DATE);
  const earliest = addDays(today, -settings.markBackDays);
  if (date >= earliest) return false;
  if (user.role !== 'admin') throw new Invalid(MARK_MESSAGES.tooFarBack(settings.markBackDays, earliest));
  return true;
}

/** Marks go to an active term, and inside its dates when the admin set them (docs/product.md §3). */
function checkTermAllows(term: StructureItem | null, date: string): void {
  if (!term?.status) throw new Invalid(MARK_MESSAGES.termNotActive);
  if ((term.startDate && date < term.startDate) || (term.endDate && date > term.endDate)) {
    throw new Invalid(MARK_MESSAGES.outsideTerm(term.startDate ?? null, term.endDate ?? null));
  }
}

/**
 * A class session is one item, and DynamoDB holds at most 400 KB per item: a group whose students'
 * names and enrollments would not fit is refused, saying so, rather than failing as it is written.
 */
function fitsOneItem<T extends { expected: unknown[] }>(groupKind: string, classSession: T): T {
  const bytes = itemBytes(classSession);
  if (bytes > CLASS_SESSION_ITEM_LIMIT)
    throw new Invalid(MARK_MESSAGES.groupTooLarge(groupKind, classSession.expected.length, bytes, CLASS_SESSION_ITEM_LIMIT));
  return classSession;
}

/** A client that sends no groupid (the original payload has none) marks the group of the students it names. */
async function groupOfStudents(named: string[], groupKind: 'division' | 'batch'): Promise<string> {
  if (named.length === 0) throw new Invalid('Please choose the division or batch being marked (groupid)');
  const student = await getStudent(named[0]!);
  if (!student) throw new Invalid('Some present students are not in this group');
  return groupKind === 'division' ? student.divisionid : student.batchid;
}
