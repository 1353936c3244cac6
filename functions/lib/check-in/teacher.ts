import { CHECK_IN_MESSAGES, type OpenCheckInInput } from '@shared/schemas/check-in';
import type { CheckInView } from '@shared/answers/check-in';
import { formatTime, instantOf, parseTime, todayIn } from '@shared/dates';
import { validatedClassSession } from '../attendance/marking';
import { NotFound, Invalid } from '../domain-errors';
import { checkInClassOfId, type CheckInClass } from '../entities/check-in';
import type { CurrentUser } from '../http/types';
import { classSessionsOn, type ClassSession } from '../repositories/attendance';
import {
  closeCheckIn,
  getCheckIn,
  isOpen,
  openCheckIn,
  studentCheckIns,
  type StoredCheckIn,
  type StudentCheckIn,
} from '../repositories/check-ins';
import { listStudentsByBatch, listStudentsByDivision } from '../repositories/group-students';
import { getSettings } from '../repositories/settings';
import { codeAt } from './codes';

/*
 * The teacher's side of check-in (docs/product.md §2.18): open it for a class of today while it is on (its slot's
 * times, the settings' margin either side, college time), read it (the code to show, who checked in, and once the
 * class is marked, who checked in since and is marked absent), close it.
 */

const DAY_MINUTES = 24 * 60;

/** Opens check-in for a class the caller may mark, today, while the class is on: the check-in as its screen shows it. */
export async function openForClass(input: OpenCheckInInput, user: CurrentUser, now = new Date()): Promise<CheckInView> {
  const date = todayIn((await getSettings()).timeZone, now);
  // The checks of a mark of this class today: the course, slot and group fit; the term is on; under the 'assigned'
  // policy the timetable gives the caller this class.
  const { slot, settings } = await validatedClassSession({ ...input, date, presentStudentIds: [] }, user);
  const { timeZone, checkInMarginMinutes: margin, checkInLateAfterMinutes: lateAfter } = settings;
  const start = slot.start ? parseTime(slot.start) : null;
  const end = slot.end ? parseTime(slot.end) : null;
  const from = Math.max(0, start === null ? 0 : start - margin);
  const to = Math.min(DAY_MINUTES, end === null ? DAY_MINUTES : end + margin);
  const instant = now.getTime();
  if (instant < instantOf(date, from, timeZone) || instant >= instantOf(date, to, timeZone)) {
    throw new Invalid(CHECK_IN_MESSAGES.notNow(formatTime(from), formatTime(to % DAY_MINUTES)));
  }
  const c: CheckInClass = { date, ...input };
  const moment = (minute: number) => new Date(instantOf(date, minute, timeZone)).toISOString();
  const times = { closesAt: moment(to), lateFrom: start !== null && lateAfter !== null ? moment(start + lateAfter) : null };
  return viewOf(await openCheckIn(c, { _id: user._id, username: user.username }, times, now), now);
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
  const [students, checkIns, [marked]] = await Promise.all([
    stored.classKind === 'lecture' ? listStudentsByDivision(stored.groupid) : listStudentsByBatch(stored.groupid),
    studentCheckIns(stored),
    classSessionsOn(stored),
  ]);
  const byId = new Map(students.map((student) => [student._id, student]));
  const open = isOpen(stored, now);
  const shown = open ? codeAt(stored.secret, now.getTime()) : null;
  const late = (one: StudentCheckIn) => stored.lateFrom !== undefined && one.at >= stored.lateFrom;
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
    checkedIn: checkIns.flatMap((one) => {
      const student = byId.get(one.studentid);
      return student
        ? [{ _id: one.studentid, name: student.name, enrollment: student.enrollment, at: one.at, flags: one.flags, late: late(one) }]
        : [];
    }),
    ...(marked ? { marked: markedSince(marked, checkIns, late) } : {}),
  };
}

/**
 * The class once marked: its version, and the corrections its check-in proposes (the teacher accepts them, or not):
 * each student who checked in after the mark and is marked absent, as late (checked in late by the settings) or present.
 */
function markedSince(session: ClassSession, checkIns: StudentCheckIn[], late: (one: StudentCheckIn) => boolean) {
  const proposals = checkIns
    .filter((one) => one.at > session.markedAt && session.statuses[one.studentid] === 'absent')
    .map((one) => ({ _id: one.studentid, status: late(one) ? ('late' as const) : ('present' as const) }));
  return { _id: session._id, version: session.version, markedAt: session.markedAt, proposals };
}
