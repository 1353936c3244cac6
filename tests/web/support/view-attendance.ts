import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type {
  AttendanceRecord,
  AttendanceStatus,
  AttendanceStudent,
  PercentageReport,
  ClassSessionView,
  StudentTotals,
} from '@shared/schemas/attendance';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { mockApi, routes, type Routes } from './fake-api';
import { ACTIVE_TERMS, DIVISION_1, DIVISION_2, FACULTY, signedInAs } from './fixtures';
import { renderApp } from './render-app';

/** The view screen's lists: the first active term's semesters, courses, slots, divisions and batches. */
export const LISTS = routes({
  ...signedInAs(FACULTY),
  ...ACTIVE_TERMS,
  'GET /settings': { data: DEFAULT_SETTINGS },
  'GET /course/s3': {
    data: [
      { _id: 'c1', name: 'Data Structures', semid: 's3' },
      { _id: 'c2', name: 'Digital Electronics', semid: 's3' },
    ],
  },
  'GET /course/s5': { data: [{ _id: 'c5', name: 'Operating Systems', semid: 's5' }] },
  'GET /slot/t1': {
    data: [
      { _id: 'slot9', name: '09:00 - 10:00', termid: 't1' },
      { _id: 'slot10', name: '10:00 - 11:00', termid: 't1' },
    ],
  },
  'GET /division/s3': { data: [DIVISION_1, DIVISION_2] },
  'GET /division/s5': { data: [] },
  'GET /batch/d1': {
    data: [
      { _id: 'b1a', name: 'Batch 1A', divisionid: 'd1' },
      { _id: 'b1b', name: 'Batch 1B', divisionid: 'd1' },
    ],
  },
  'GET /batch/d2': { data: [{ _id: 'b2a', name: 'Batch 2A', divisionid: 'd2' }] },
});

export const PRESENT: AttendanceStudent[] = [
  { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' },
  { _id: 'st4', name: 'Ananya Desai', enrollment: '25CE004' },
];
export const DATE_PATH = '/attendance?date=2026-11-20&slotid=slot9&slotcount=1&courseid=c1';
export const RANGE_PATH = '/attendance/criteria?startdate=2026-11-02&enddate=2026-11-20&slotid=slot9&slotcount=1&courseid=c1';
/** Get Attendance over the same range: each day that has sessions. */
export const DAYS_PATH = '/attendance?date=2026-11-02&enddate=2026-11-20&slotid=slot9&slotcount=1&courseid=c1';

/** A marked session of the view's date, by the demo faculty member, who may still correct it for an hour. */
export function sessionView(
  students: (AttendanceStudent & { status: AttendanceStatus })[],
  overrides: Partial<ClassSessionView> = {},
): ClassSessionView {
  return {
    _id: 'sess1',
    groupid: 'd1',
    version: 1,
    markedBy: { _id: FACULTY._id, username: FACULTY.username },
    markedAt: '2026-11-20T09:05:00.000Z',
    editableUntil: new Date(Date.now() + 3_600_000).toISOString(),
    corrections: 0,
    students,
    ...overrides,
  };
}

/** GET attendance's answer for the lecture of 2026-11-20 at 09:00: who was present, at how many sessions (each of them present). */
export const presentAt = (students: AttendanceStudent[], sessions = 1): AttendanceRecord[] => [
  {
    date: '2026-11-20',
    courseid: 'c1',
    slotid: 'slot9',
    classKind: 'lecture',
    sessions: Array.from({ length: sessions }, (_, index) =>
      sessionView(
        students.map((student) => ({ ...student, status: 'present' as const })),
        { _id: `sess${index + 1}`, groupid: `d${index + 1}` },
      ),
    ),
    presentStudentsName: students,
  },
];

/** A student's row of GET attendance/criteria: their sessions by status, and the percentage the server worked out. */
export const totals = (
  student: AttendanceStudent,
  { present = 0, late = 0, absent = 0, excused = 0 },
  percentage: number | null,
): StudentTotals => ({
  ...student,
  totalPresent: present + late,
  totalLecture: present + late + absent + excused,
  totalLate: late,
  totalAbsent: absent,
  totalExcused: excused,
  percentage,
});

export const REPORT: PercentageReport = {
  totalLecture: 8,
  studentData: [
    totals({ _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' }, { present: 8 }, 100),
    totals({ _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' }, { present: 2, absent: 1 }, 200 / 3), // 66.7 → 67%
    totals({ _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003' }, { present: 1, absent: 7 }, 12.5), // → 13%
    totals({ _id: 'st4', name: 'Ananya Desai', enrollment: '25CE004' }, { absent: 6, excused: 2 }, 0), // never present: 0%
    totals({ _id: 'st5', name: 'Kabir Joshi', enrollment: '25CE005' }, { present: 2, late: 1, absent: 1 }, 75), // own total 4 (not 8)
  ],
};

/** The view screen over the lists, plus `extra` routes (the reports). */
export function openView<T>(extra?: Routes<T>) {
  const api = mockApi({ ...LISTS, ...extra });
  const app = renderApp('/dashboard/viewattendance');
  return { api, app };
}

export const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLSelectElement & HTMLInputElement;
export const optionTexts = (label: string | RegExp) => [...field(label).options].map((option) => option.text);
export const button = (name: string) => screen.getByRole('button', { name });

export interface Fill {
  semester?: string;
  course?: string;
  slot?: string;
  kind?: 'Lecture' | 'Lab';
  group?: string;
  date?: string;
  enddate?: string;
}

/** Fills the form like a user: the selects by their visible option, the dates by typing a value. */
export async function fill(app: ReturnType<typeof openView>['app'], values: Fill) {
  await screen.findByRole('option', { name: 'Semester 3' });
  if (values.semester) {
    await app.user.selectOptions(field('Semester'), values.semester);
    await waitFor(() => expect(field('Course').value).not.toBe(''));
  }
  if (values.course) await app.user.selectOptions(field('Course'), values.course);
  if (values.slot) {
    await screen.findByRole('option', { name: values.slot });
    await app.user.selectOptions(field('Slot'), values.slot);
  }
  if (values.kind) await app.user.selectOptions(field('Slot count'), values.kind);
  if (values.group) {
    const group = field(/^(Division|Batch) \(optional\)$/);
    await within(group).findByRole('option', { name: values.group });
    await app.user.selectOptions(group, values.group);
  }
  if (values.date !== undefined) fireEvent.change(field('Start Date'), { target: { value: values.date } });
  if (values.enddate !== undefined) fireEvent.change(field('End Date (optional)'), { target: { value: values.enddate } });
}

export const LECTURE: Fill = { semester: 'Semester 3', slot: '09:00 - 10:00', kind: 'Lecture', date: '2026-11-20' };

/** Catches what the page saves: the file name, the link's address (the object URL) and the blob. */
export function captureDownloads() {
  const saved: { name: string; href: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => ((last = blob as Blob), 'blob:http://localhost/download'));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, blob: last! });
  });
  return saved;
}

/** A saved blob's text, its byte order mark kept. */
export const textOf = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
