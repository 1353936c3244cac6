import { screen, within } from '@testing-library/react';
import type { AttendanceRecord, AttendanceStatus, ClassSessionView } from '@shared/schemas/attendance';
import type { PublicUser } from '@shared/schemas/auth';
import type { Reply, Routes } from './fake-api';
import { ODD, signedInAs } from './fixtures';
import { button, DATE_PATH, fill, LECTURE, openView, sessionView } from './view-attendance';

/*
 * The view screen by date over one marked session of Division 1 (2026-11-20, 09:00), to correct and
 * to read the history of.
 */

export const ROLL = [
  { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' },
  { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' },
  { _id: 'st4', name: 'Ananya Desai', enrollment: '25CE004' },
] as const;

/** The session with these statuses (in roll order), at `version`. */
export function session(statuses: AttendanceStatus[], overrides: Partial<ClassSessionView> = {}): ClassSessionView {
  return sessionView(
    ROLL.map((student, index) => ({ ...student, status: statuses[index]! })),
    overrides,
  );
}

/** GET attendance's answer holding that session. */
export const dayOf = (day: ClassSessionView): AttendanceRecord[] => [
  {
    date: '2026-11-20',
    courseid: 'c1',
    slotid: 'slot9',
    classKind: 'lecture',
    sessions: [day],
    presentStudentsName: day.students
      .filter((student) => student.status === 'present' || student.status === 'late')
      .map(({ _id, name, enrollment }) => ({ _id, name, enrollment })),
  },
];

/**
 * The view screen signed in as `user`, GET attendance answering each of `days` in turn (the last one
 * from then on), plus `extra` routes; the date asked for, once its session shows.
 */
export async function openDay<T>(user: PublicUser, days: ClassSessionView[], extra?: Routes<T>) {
  let read = 0;
  const { api, app } = openView({
    ...signedInAs(user),
    'GET /term': { data: [ODD] },
    [`GET ${DATE_PATH}` as const]: (): Reply<AttendanceRecord[]> => ({ data: dayOf(days[Math.min(read++, days.length - 1)]!) }),
    ...extra,
  });
  await fill(app, LECTURE);
  await app.user.click(button('Get Attendance'));
  await screen.findByRole('heading', { level: 3, name: 'Division 1' });
  return { api, app, reads: () => read };
}

/** The session card of a group. */
export const card = (group = 'Division 1') => within(screen.getByRole('article', { name: group }));

/** Each student of a session card as 'enrollment name: Status'. */
export const cardRows = (group = 'Division 1') =>
  within(card(group).getByRole('list', { name: `Students of ${group}` }))
    .getAllByRole('listitem')
    .map((item) => `${item.firstElementChild!.textContent}: ${item.lastElementChild!.textContent}`);
