import {
  criteriaQuerySchema,
  markSchema,
  NOT_FOUND,
  viewQuerySchema,
  type AttendanceRecord,
  type AttendanceStudent,
  type MarkInput,
  type PercentageReport,
} from '@shared/schemas/attendance';
import { Invalid } from './lib/domain-errors';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import type { SessionUser } from './lib/http/types';
import { naturalKey } from './lib/natural-key';
import { putSessionOnce, sessionsBetween, sessionsOn, type AttendanceSession } from './lib/repositories/attendance';
import { getStudent, getStudents, listStudentsByBatch, listStudentsByDivision } from './lib/repositories/students';
import { getNodes } from './lib/repositories/structure';

/** Attendance resource: marking a session exactly once, the view by date, and percentages over a range. */
export const handler = resource('attendance', {
  'POST /api/v1/attendance': async ({ body, user }) => {
    const session = await validatedSession(parse(markSchema, body), user!);
    await putSessionOnce(session);
    return {
      status: 201,
      data: { date: session.date, groupid: session.groupid, present: session.present.length, expected: session.expected.length },
      message: 'Attendance marked successfully',
    };
  },

  'GET /api/v1/attendance': async ({ query }) => {
    const { date, slotid, slotcount, courseid, groupid } = parse(viewQuerySchema, query);
    const sessions = await sessionsOn({ courseid, slotcount, date, slotid, groupid });
    if (sessions.length === 0) return { data: [], message: NOT_FOUND };
    const presentIds = new Set(sessions.flatMap((session) => session.present));
    const students = await currentDetails(sessions);
    const record: AttendanceRecord = {
      date,
      courseid,
      slotid,
      slotcount,
      sessions: sessions.length,
      presentStudentsName: byEnrollment([...students.values()].filter((student) => presentIds.has(student._id))),
    };
    return { data: [record], message: 'Attendance data' };
  },

  'GET /api/v1/attendance/criteria': async ({ query }) => {
    const { startdate, enddate, slotcount, courseid, groupid } = parse(criteriaQuerySchema, query);
    const sessions = await sessionsBetween({ courseid, slotcount, from: startdate, to: enddate ?? startdate, groupid });
    if (sessions.length === 0) return { data: { totalLecture: 0, studentData: [] } satisfies PercentageReport, message: NOT_FOUND };
    const students = await currentDetails(sessions);
    const expectedCount = new Map<string, number>();
    const presentCount = new Map<string, number>();
    for (const session of sessions) {
      for (const { _id } of session.expected) expectedCount.set(_id, (expectedCount.get(_id) ?? 0) + 1);
      for (const id of session.present) presentCount.set(id, (presentCount.get(id) ?? 0) + 1);
    }
    const studentData = byEnrollment(
      [...students.values()].map((student) => ({
        ...student,
        totalPresent: presentCount.get(student._id) ?? 0,
        totalLecture: expectedCount.get(student._id) ?? 0,
      })),
    );
    return { data: { totalLecture: sessions.length, studentData } satisfies PercentageReport, message: 'Attendance percentage' };
  },
});

/**
 * The session to store for a mark, after checking that the course, slot and group exist and
 * fit together and that every present student belongs to the group: Invalid otherwise.
 */
async function validatedSession(input: MarkInput, user: SessionUser): Promise<AttendanceSession> {
  const groupKind = input.slotcount === 1 ? 'division' : 'batch';
  const groupLabel = groupKind === 'division' ? 'division' : 'batch';
  const groupid = input.groupid ?? (await groupOfPresent(input.presentStudentData, groupKind));
  const [course, slot, group] = await getNodes([
    ['course', input.courseid],
    ['slot', input.slotid],
    [groupKind, groupid],
  ]);
  if (!course) throw new Invalid('Course not found');
  if (!slot) throw new Invalid('Slot not found');
  if (!group || group.deleting) throw new Invalid(`The ${groupLabel} to mark was not found`);
  if (course.semid !== group.semid) throw new Invalid(`This course is not taught in this ${groupLabel}'s semester`);
  if (slot.termid !== group.termid) throw new Invalid(`This slot is not in this ${groupLabel}'s term`);

  const students = groupKind === 'division' ? await listStudentsByDivision(groupid) : await listStudentsByBatch(groupid);
  const enrolled = new Set(students.map((student) => student._id));
  if (input.presentStudentData.some((id) => !enrolled.has(id))) {
    throw new Invalid(`Some present students are not in this ${groupLabel}`);
  }
  return {
    courseid: input.courseid,
    slotcount: input.slotcount,
    date: input.date,
    slotid: input.slotid,
    groupid,
    expected: students.map(({ _id, name, enrollment }) => ({ _id, name, enrollment })),
    present: input.presentStudentData,
    markedBy: { _id: user._id, username: user.username },
    markedAt: new Date().toISOString(),
  };
}

/** A client that sends no groupid (the original payload has none) marks the group of the present students. */
async function groupOfPresent(present: string[], groupKind: 'division' | 'batch'): Promise<string> {
  if (present.length === 0) throw new Invalid('Please choose the division or batch being marked (groupid)');
  const student = await getStudent(present[0]!);
  if (!student) throw new Invalid('Some present students are not in this group');
  return groupKind === 'division' ? student.divisionid : student.batchid;
}

/**
 * Every student expected at any of the sessions, with today's name and enrollment where the
 * student still exists (renamed students show their new name) and the name they had when
 * marked otherwise (deleted students still count).
 */
async function currentDetails(sessions: AttendanceSession[]): Promise<Map<string, AttendanceStudent>> {
  const students = new Map<string, AttendanceStudent>();
  for (const session of sessions) for (const student of session.expected) students.set(student._id, student);
  for (const { _id, name, enrollment } of await getStudents([...students.keys()])) students.set(_id, { _id, name, enrollment });
  return students;
}

const byEnrollment = <T extends AttendanceStudent>(students: T[]): T[] =>
  students.sort((a, b) =>
    naturalKey(a.enrollment) < naturalKey(b.enrollment) ? -1 : naturalKey(a.enrollment) > naturalKey(b.enrollment) ? 1 : 0,
  );
