import { CHECK_IN_MARGIN_MINUTES, CHECK_IN_MESSAGES, type OpenCheckInInput } from '@shared/schemas/check-in';
import type { CheckInView } from '@shared/answers/check-in';
import { formatTime, instantOf, parseTime, todayIn } from '@shared/dates';
import { validatedClassSession } from '../attendance/marking';
import { NotFound, Invalid } from '../domain-errors';
import { checkInClassOfId, type CheckInClass } from '../entities/check-in';
import type { CurrentUser } from '../http/types';
import { closeCheckIn, getCheckIn, isOpen, openCheckIn, studentCheckIns, type StoredCheckIn } from '../repositories/check-ins';
import { listStudentsByBatch, listStudentsByDivision } from '../repositories/group-students';
import { getSettings } from '../repositories/settings';
import { getNode } from '../repositories/structure';
import { codeAt } from './codes';

/*
 * The teacher's side of check-in (docs/product.md §2.18): open it for a class of today while it is on (its slot's
 * times, CHECK_IN_MARGIN_MINUTES either side, college time), read it (the code to show, who checked in), close it.
 */

const DAY_MINUTES = 24 * 60;

/** Opens check-in for a class the caller may mark, today, while the class is on: the check-in as its screen shows it. */
export async function openForClass(input: OpenCheckInInput, user: CurrentUser, now = new Date()): Promise<CheckInView> {
  const { timeZone } = await getSettings();
  const date = todayIn(timeZone, now);
  // The checks of a mark of this class today: the course, slot and group fit; the term is on; under the 'assigned'
  // policy the timetable gives the caller this class.
  await validatedClassSession({ ...input, date, presentStudentIds: [] }, user);
  const slot = await getNode('slot', input.slotid);
  const start = slot?.start ? parseTime(slot.start) : null;
  const end = slot?.end ? parseTime(slot.end) : null;
  const from = Math.max(0, start === null ? 0 : start - CHECK_IN_MARGIN_MINUTES);
  const to = Math.min(DAY_MINUTES, end === null ? DAY_MINUTES : end + CHECK_IN_MARGIN_MINUTES);
  const instant = now.getTime();
  if (instant < instantOf(date, from, timeZone) || instant >= instantOf(date, to, timeZone)) {
    throw new Invalid(CHECK_IN_MESSAGES.notNow(formatTime(from), formatTime(to % DAY_MINUTES)));
  }
  const c: CheckInClass = { date, ...input };
  const closesAt = new Date(instantOf(date, to, timeZone)).toISOString();
  return viewOf(await openCheckIn(c, { _id: user._id, username: user.username }, closesAt, now), now);
}

/** The check-in with this id as its teacher sees it. */
export async function checkInView(id: string, now = new Date()): Promise<CheckInView> {
  return viewOf(await storedCheckIn(id), now);
}

/** Closes the check-in with this id: what it then shows. */
export async function closeForClass(id: string, now = new Date()): Promise<CheckInView> {
  const stored = await storedCheckIn(id);
  await closeCheckIn(stored, now);
  return viewOf({ ...stored, closedAt: stored.closedAt ?? now.toISOString() }, now);
}

async function storedCheckIn(id: string): Promise<StoredCheckIn> {
  const c = checkInClassOfId(id);
  const stored = c && (await getCheckIn(c));
  if (!stored) throw new NotFound(CHECK_IN_MESSAGES.notFound);
  return stored;
}

async function viewOf(stored: StoredCheckIn, now: Date): Promise<CheckInView> {
  const [students, checkIns] = await Promise.all([
    stored.classKind === 'lecture' ? listStudentsByDivision(stored.groupid) : listStudentsByBatch(stored.groupid),
    studentCheckIns(stored),
  ]);
  const byId = new Map(students.map((student) => [student._id, student]));
  const open = isOpen(stored, now);
  const shown = open ? codeAt(stored.secret, now.getTime()) : null;
  return {
    _id: stored._id,
    date: stored.date,
    courseid: stored.courseid,
    slotid: stored.slotid,
    classKind: stored.classKind,
    groupid: stored.groupid,
    open,
    ...(shown ? { code: shown.code, changesInMs: shown.changesAt - now.getTime() } : {}),
    closesAt: stored.closedAt ?? stored.closesAt,
    // A student moved out of the group since is left out: the form marks the group as it is.
    checkedIn: checkIns.flatMap(({ studentid, at, flags }) => {
      const student = byId.get(studentid);
      return student ? [{ _id: studentid, name: student.name, enrollment: student.enrollment, at, flags }] : [];
    }),
  };
}
