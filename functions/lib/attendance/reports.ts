import { wasThere, type AttendanceStatus, type AttendanceStudent, type SessionView, type StudentTotals } from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import type { AttendanceSession } from '../repositories/attendance';
import { getStudentsWithSettings } from '../repositories/students';
import { byEnrollment, sessionView } from './session-view';

/**
 * Every student expected at any of the sessions, with today's name and enrollment where the
 * student still exists (renamed students show their new name) and the name they had when
 * marked otherwise (deleted students still count); and the college's settings, read with them.
 */
export async function currentDetails(
  sessions: AttendanceSession[],
): Promise<{ students: Map<string, AttendanceStudent>; settings: CollegeSettings }> {
  const students = new Map<string, AttendanceStudent>();
  for (const session of sessions) for (const student of session.expected) students.set(student._id, student);
  const found = await getStudentsWithSettings([...students.keys()]);
  for (const { _id, name, enrollment } of found.students) students.set(_id, { _id, name, enrollment });
  return { students, settings: found.settings };
}

/** GET attendance: each session with its students' statuses, and who was there (present or late) at any of them. */
export async function dateReport(
  sessions: AttendanceSession[],
): Promise<{ sessions: SessionView[]; presentStudentsName: AttendanceStudent[] }> {
  const { students, settings } = await currentDetails(sessions);
  const there = new Set(sessions.flatMap((session) => Object.keys(session.statuses).filter((id) => wasThere(session.statuses[id]!))));
  return {
    sessions: sessions.map((session) => sessionView(session, settings, students)),
    presentStudentsName: byEnrollment([...students.values()].filter((student) => there.has(student._id))),
  };
}

type Counts = Record<AttendanceStatus, number> & { expected: number };

/**
 * docs/product.md §5: 100 × (present + late × lateCounts) / (sessions − excused, when excused
 * sessions are excluded), unrounded; null when no session counts.
 */
export function percentageOf(counts: Counts, settings: CollegeSettings): number | null {
  const countable = counts.expected - (settings.excusedCounts === 'excluded' ? counts.excused : 0);
  return countable > 0 ? (100 * (counts.present + counts.late * settings.lateCounts)) / countable : null;
}

/** GET attendance/criteria: per student expected at any session, the count of each status and the percentage. */
export async function studentTotals(sessions: AttendanceSession[]): Promise<StudentTotals[]> {
  const { students, settings } = await currentDetails(sessions);
  const counts = new Map<string, Counts>();
  for (const session of sessions) {
    for (const { _id } of session.expected) {
      const own = counts.get(_id) ?? { present: 0, late: 0, absent: 0, excused: 0, expected: 0 };
      own[session.statuses[_id] ?? 'absent'] += 1;
      own.expected += 1;
      counts.set(_id, own);
    }
  }
  return byEnrollment(
    [...students.values()].map((student) => {
      const own = counts.get(student._id)!;
      return {
        ...student,
        totalPresent: own.present + own.late,
        totalLecture: own.expected,
        totalLate: own.late,
        totalAbsent: own.absent,
        totalExcused: own.excused,
        percentage: percentageOf(own, settings),
      };
    }),
  );
}
