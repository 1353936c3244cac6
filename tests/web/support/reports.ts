import { screen, within } from '@testing-library/react';
import type { AttendanceStatus } from '@shared/schemas/attendance';
import type { CourseStanding, DefaulterReport, DefaulterRow, RecordClassSession, StudentRecord } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import type { ClassKind } from '@shared/schemas/wire-names';
import { mockApi, routes, type Routes } from './fake-api';
import { ACTIVE_TERMS, BATCH_1A, BATCH_1B, DIVISION_1, DIVISION_2, FACULTY, signedInAs } from './fixtures';
import { renderApp } from './render-app';

/*
 * The Reports screens' fake data (docs/product.md §2.12): Semester 3's defaulter list under the default
 * threshold of 75%, and Diya Shah's record.
 */

const COURSES = { ds: { courseid: 'c1', course: 'Data Structures' }, de: { courseid: 'c2', course: 'Digital Electronics' } };

/** A standing as the server answers it: the percentage unrounded, the classes needed only under the threshold. */
export function standing(
  course: keyof typeof COURSES,
  classKind: ClassKind,
  attended: number,
  held: number,
  classesNeeded?: number | null,
) {
  const answer: CourseStanding = { ...COURSES[course], classKind, attended, held, percentage: held > 0 ? (100 * attended) / held : null };
  if (classesNeeded !== undefined) answer.classesNeeded = classesNeeded;
  return answer;
}

const D2 = { _id: 'd2', name: 'Division 2' };
const B2A = { _id: 'b3', name: 'Batch 2A' };
const group = (division: { _id: string; name: string }, batch: { _id: string; name: string }) => ({
  division: { _id: division._id, name: division.name },
  batch: { _id: batch._id, name: batch.name },
});

export const AARAV: DefaulterRow = {
  _id: 'st1',
  enrollment: '25CE001',
  name: 'Aarav Patel',
  ...group(DIVISION_1, BATCH_1A),
  courses: [standing('ds', 'lecture', 6, 8), standing('ds', 'lab', 2, 2)],
  overall: 80,
  below: false,
  onLeave: 0,
};
export const DIYA: DefaulterRow = {
  _id: 'st2',
  enrollment: '25CE002',
  name: 'Diya Shah',
  ...group(DIVISION_1, BATCH_1A),
  courses: [standing('ds', 'lecture', 4, 8, 8), standing('ds', 'lab', 1, 2, 2)],
  overall: 50,
  below: true,
  /** Two of her classes excused by an approved leave. */
  onLeave: 2,
};
export const ISHAAN: DefaulterRow = {
  _id: 'st3',
  enrollment: '25CE003',
  name: 'Ishaan Mehta',
  ...group(DIVISION_1, BATCH_1B),
  courses: [standing('ds', 'lecture', 7, 8)],
  overall: 87.5,
  below: false,
  onLeave: 0,
};
/** Every session excused (left out): nothing counts. */
export const ANANYA: DefaulterRow = {
  _id: 'st4',
  enrollment: '25CE031',
  name: 'Ananya Desai',
  ...group(D2, B2A),
  courses: [standing('ds', 'lecture', 0, 0)],
  overall: null,
  below: false,
  onLeave: 0,
};
/** Under the threshold in Digital Electronics and overall, not in Data Structures. */
export const KABIR: DefaulterRow = {
  _id: 'st5',
  enrollment: '25CE032',
  name: 'Kabir Joshi',
  ...group(D2, B2A),
  courses: [standing('ds', 'lecture', 5, 6), standing('de', 'lecture', 2, 4, 4)],
  overall: 70,
  below: true,
  onLeave: 0,
};

export const SEMESTER_REPORT: DefaulterReport = { threshold: 75, students: [AARAV, DIYA, ISHAAN, ANANYA, KABIR] };
export const LIST_PATH = '/report/defaulters?semid=s3&threshold=75';

/** The Reports screens' lists: the first active term's semesters, divisions and batches, and the settings. */
export const REPORT_LISTS = routes({
  ...signedInAs(FACULTY),
  ...ACTIVE_TERMS,
  'GET /settings': { data: DEFAULT_SETTINGS },
  'GET /division/s3': { data: [DIVISION_1, DIVISION_2] },
  'GET /division/s5': { data: [] },
  'GET /batch/d1': { data: [BATCH_1A, BATCH_1B] },
  'GET /batch/d2': { data: [] },
});

/** The app at `path` (/reports by default) over the lists, plus `extra` routes (the reports), once the page's title shows. */
export async function openReports<T>(extra?: Routes<T>, path = '/reports', title = 'Reports') {
  const api = mockApi({ ...REPORT_LISTS, ...extra });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return { api, app };
}

/** Queries inside the page's main landmark. */
export const main = () => within(screen.getByRole('main'));

/** A table's cells as a screen reader reads them (what is aria-hidden left out), header row first, each trimmed with its spaces made one. */
export const tableTexts = (table: HTMLElement): string[][] =>
  [...table.querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => {
      const copy = cell.cloneNode(true) as Element;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent!.replace(/\s+/g, ' ').trim();
    }),
  );

const session = (
  date: string,
  course: keyof typeof COURSES,
  classKind: ClassKind,
  slot: string,
  status: AttendanceStatus,
): RecordClassSession => ({
  _id: `${date}-${COURSES[course].courseid}-${classKind}`,
  date,
  ...COURSES[course],
  classKind,
  slotid: slot.slice(0, 2),
  slot,
  status,
});

/**
 * Diya's record, newest first (as the server orders it: date, then slot, latest first). Data Structures
 * lectures on 2–5 Nov (present, absent, late, absent), its labs on 3 and 5 Nov (present, absent), Digital
 * Electronics lectures on 4 Nov (excused) and 5 Nov (present).
 */
export const DIYA_SESSIONS: RecordClassSession[] = [
  session('2026-11-05', 'ds', 'lab', '14:00 - 15:00', 'absent'),
  session('2026-11-05', 'de', 'lecture', '10:00 - 11:00', 'present'),
  session('2026-11-05', 'ds', 'lecture', '09:00 - 10:00', 'absent'),
  session('2026-11-04', 'de', 'lecture', '10:00 - 11:00', 'excused'),
  session('2026-11-04', 'ds', 'lecture', '09:00 - 10:00', 'late'),
  session('2026-11-03', 'ds', 'lab', '14:00 - 15:00', 'present'),
  session('2026-11-03', 'ds', 'lecture', '09:00 - 10:00', 'absent'),
  session('2026-11-02', 'ds', 'lecture', '09:00 - 10:00', 'present'),
];

/** Under the default settings (a late a full present, excused left out). */
export const DIYA_RECORD: StudentRecord = {
  student: {
    _id: 'st2',
    enrollment: '25CE002',
    name: 'Diya Shah',
    semester: { _id: 's3', name: 'Semester 3' },
    division: { _id: 'd1', name: 'Division 1' },
    batch: { _id: 'b1', name: 'Batch 1A' },
  },
  threshold: 75,
  courses: [standing('ds', 'lecture', 2, 4, 4), standing('ds', 'lab', 1, 2, 2), standing('de', 'lecture', 1, 1)],
  overall: 400 / 7,
  sessions: DIYA_SESSIONS,
};
