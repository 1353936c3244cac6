import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { MarkedClassSession } from '@shared/schemas/attendance';
import { TIMETABLE_MESSAGES, type TodayClass } from '@shared/schemas/timetable';
import { mockApi, routes, type Routes } from './support/fake-api';
import { ACTIVE_TERMS, ADMIN, FACULTY, signedInAs } from './support/fixtures';
import { preloadFirstRead } from '@web/app/router';
import { session } from '@web/lib/session';
import { renderApp } from './support/render-app';
import { entry, LAB, LECTURE, named, todayClass } from './support/timetable';
import { LISTS, sessionView } from './support/view-attendance';

/*
 * Today on Home (docs/product.md §2.4): the caller's classes of the day first, one tap to the form of an
 * unmarked one and to the view of a marked one; the step-by-step flow below under 'Another class'.
 */

const TODAY = collegeToday();
const STUDENTS = [
  { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
  { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
];

function openHome<T>(classes: TodayClass[], extra?: Routes<T>, user = FACULTY) {
  const api = mockApi({ ...signedInAs(user), ...ACTIVE_TERMS, 'GET /timetable/today': { data: classes }, ...extra });
  return { api, app: renderApp('/') };
}

const todayList = () => screen.findByRole('list', { name: TIMETABLE_MESSAGES.today });
const classLink = (course: string) => screen.getByRole('link', { name: new RegExp(course) });
const query = (href: string) => Object.fromEntries(new URL(href, 'http://localhost').searchParams);

describe('Today on Home', () => {
  it('lists the classes of the day first, one large link each with slot, course, kind and group; the flow follows under Another class', async () => {
    openHome([todayClass(LECTURE), todayClass(LAB, 'sess7')]);
    const list = await todayList();
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '09:00 - 10:00 · Data StructuresLecture · Division 1›',
      '10:00 - 11:00 · Digital ElectronicsLab · Division 1 / Batch 1AMarked›',
    ]);
    expect(within(list).getAllByRole('link')[0]).toHaveClass('link-card');

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Today', 'Another class']);
    expect(await screen.findByRole('link', { name: 'Semester 3' })).toBeInTheDocument();
    // Today comes before the semesters.
    expect(list.compareDocumentPosition(screen.getByRole('list', { name: 'Semesters' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leads each class with its times, in the order the server gives (by start time), naming a slot whose name is not its times', async () => {
    const morning = { ...todayClass(LAB), slot: 'Morning lab', start: '08:00', end: '09:45' };
    const nine = { ...todayClass(LECTURE), start: '09:00', end: '10:00' };
    const untimed = { ...todayClass(entry({ _id: 'e9' })), slot: 'Evening' };
    openHome([morning, nine, untimed]);
    const list = await todayList();
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '08:00–09:45 · Digital ElectronicsLab · Division 1 / Batch 1A · Morning lab›',
      '09:00–10:00 · Data StructuresLecture · Division 1›',
      'Evening · Data StructuresLecture · Division 1›',
    ]);
  });

  it("says 'No classes today' when the caller has none, and still offers the flow", async () => {
    openHome([]);
    expect(await screen.findByText(TIMETABLE_MESSAGES.noClasses)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Semester 3' })).toBeInTheDocument();
  });

  it('links an unmarked class straight to its marking form, with the ids the flow would carry', async () => {
    openHome([todayClass(LECTURE), todayClass(LAB)]);
    await todayList();
    const lecture = classLink('Data Structures').getAttribute('href')!;
    expect(new URL(lecture, 'http://localhost').pathname).toBe('/students/d1');
    expect(query(lecture)).toEqual({
      extraData: 'Data Structures / Lecture / 09:00 - 10:00 / Division 1',
      termid: 't1',
      semid: 's3',
      courseid: 'c1',
      kind: '1',
      slot: 'slot9',
    });
    const lab = classLink('Digital Electronics').getAttribute('href')!;
    expect(new URL(lab, 'http://localhost').pathname).toBe('/students/b1');
    expect(query(lab)).toMatchObject({ courseid: 'c2', kind: '2', slot: 'slot10' });
  });

  it('opens the form in one tap, marks the class, and Today then shows it marked', async () => {
    let marked: string | null = null;
    const session: MarkedClassSession = { _id: 'sess1', version: 1, date: TODAY, groupid: 'd1', present: 2, expected: 2 };
    const { api, app } = openHome([], {
      'GET /timetable/today': () => ({ data: [todayClass(LECTURE, marked)] }),
      'GET /student/division/d1': { data: STUDENTS },
      'POST /attendance': () => ((marked = session._id), { status: 201, data: session, message: 'Attendance marked successfully' }),
    });
    await todayList();
    await app.user.click(classLink('Data Structures'));
    expect(await screen.findByRole('checkbox', { name: '25CE001 Aarav Patel' }, { timeout: 5000 })).toBeChecked();
    expect(screen.getByText('Data Structures / Lecture / 09:00 - 10:00 / Division 1')).toBeInTheDocument();

    const before = api.callsTo('GET', '/timetable/today').length;
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));
    expect(await screen.findByRole('heading', { name: 'Attendance Marked Successfully' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/attendance')[0]!.body).toMatchObject({
      date: TODAY,
      slotid: 'slot9',
      classKind: 'lecture',
      courseid: 'c1',
      groupid: 'd1',
    });

    await app.user.click(screen.getByRole('link', { name: 'Back to Home now' }));
    await waitFor(() => expect(classLink('Data Structures')).toHaveTextContent('Marked'));
    expect(api.callsTo('GET', '/timetable/today').length).toBeGreaterThan(before);
  });

  it("opens a marked class's view: the form filled in and that date's session, with Edit and History", async () => {
    const dateQuery = `/attendance?date=${TODAY}&slotid=slot9&slotcount=1&courseid=c1&groupid=d1`;
    const students = [{ _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' }];
    const { api, app } = openHome([todayClass(LECTURE, 'sess1')], {
      ...LISTS,
      ...routes({ 'GET /timetable/today': { data: [todayClass(LECTURE, 'sess1')] } }),
      [`GET ${dateQuery}`]: {
        data: [
          {
            date: TODAY,
            courseid: 'c1',
            slotid: 'slot9',
            classKind: 'lecture',
            sessions: [sessionView(students.map((student) => ({ ...student, status: 'present' as const })))],
            presentStudentsName: students,
          },
        ],
      },
    });
    await todayList();
    const link = classLink('Data Structures');
    expect(new URL(link.getAttribute('href')!, 'http://localhost').pathname).toBe('/dashboard/viewattendance');
    expect(query(link.getAttribute('href')!)).toEqual({
      date: TODAY,
      semid: 's3',
      courseid: 'c1',
      slotid: 'slot9',
      kind: '1',
      groupid: 'd1',
    });

    await app.user.click(link);
    expect(await screen.findByRole('heading', { name: 'Present Students List' })).toBeInTheDocument();
    expect(api.callsTo('GET', dateQuery)).toHaveLength(1);
    expect((screen.getByLabelText('Semester') as HTMLSelectElement).value).toBe('s3');
    expect((screen.getByLabelText('Course') as HTMLSelectElement).value).toBe('c1');
    expect((screen.getByLabelText('Slot') as HTMLSelectElement).value).toBe('slot9');
    expect((screen.getByLabelText('Slot count') as HTMLSelectElement).value).toBe('lecture');
    expect((screen.getByLabelText('Division (optional)') as HTMLSelectElement).value).toBe('d1');
    expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe(TODAY);
    expect(screen.getByRole('button', { name: 'Correct Division 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'History of Division 1' })).toBeInTheDocument();
  });

  it("opens a marked lab's view with its batch chosen", async () => {
    const lab = entry({ _id: 'e5', slotid: 'slot10', courseid: 'c2', classKind: 'lab', groupid: 'b1a' });
    const dateQuery = `/attendance?date=${TODAY}&slotid=slot10&slotcount=2&courseid=c2&groupid=b1a`;
    const students = [{ _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' }];
    const { api, app } = openHome([todayClass(lab, 'sess2')], {
      ...LISTS,
      ...routes({ 'GET /timetable/today': { data: [todayClass(lab, 'sess2')] } }),
      [`GET ${dateQuery}`]: {
        data: [
          {
            date: TODAY,
            courseid: 'c2',
            slotid: 'slot10',
            classKind: 'lab',
            sessions: [sessionView([{ ...students[0]!, status: 'present' }], { groupid: 'b1a' })],
            presentStudentsName: students,
          },
        ],
      },
    });
    await app.user.click(within(await todayList()).getByRole('link'));
    expect(await screen.findByRole('heading', { name: 'Present Students List' })).toBeInTheDocument();
    expect(api.callsTo('GET', dateQuery)).toHaveLength(1);
    expect((screen.getByLabelText('Batch (optional)') as HTMLSelectElement).value).toBe('b1a');
    expect(screen.getByRole('button', { name: 'History of Batch 1A' })).toBeInTheDocument();
  });

  it('a failed load of Today says why and offers Try again', async () => {
    let calls = 0;
    const { app } = openHome([], {
      'GET /timetable/today': () => (++calls === 1 ? { status: 400, message: 'Some error occur' } : { data: [todayClass(LECTURE)] }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Some error occur');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await todayList()).toBeInTheDocument();
  });
});

describe('Home for an admin', () => {
  const missingPath = `/attendance/missing?date=${TODAY}` as const;

  it("shows today's count of classes not marked, linking to the Not marked screen, and the admin's own Today", async () => {
    openHome([], { [`GET ${missingPath}`]: { data: { overdue: [named(LECTURE), named(LAB)], later: [] } } }, ADMIN);
    const link = await screen.findByRole('link', { name: /2 classes not marked today/ });
    expect(link).toHaveAttribute('href', '/dashboard/notmarked');
    expect(link).not.toHaveTextContent('later today');
    expect(screen.getByText(TIMETABLE_MESSAGES.noClasses)).toBeInTheDocument();
  });

  it('says one class in the singular', async () => {
    openHome([], { [`GET ${missingPath}`]: { data: { overdue: [named(LAB)], later: [] } } }, ADMIN);
    expect(await screen.findByRole('link', { name: /^1 class not marked today/ })).toBeInTheDocument();
  });

  it('counts only the classes that have ended, and says apart how many are later today', async () => {
    openHome([], { [`GET ${missingPath}`]: { data: { overdue: [], later: [named(LECTURE), named(LAB)] } } }, ADMIN);
    const link = await screen.findByRole('link', { name: /^0 classes not marked today/ });
    expect(link).toHaveTextContent('2 more later today · See which, and who teaches them');
  });

  it('a faculty member sees no such count (nor asks for it)', async () => {
    const { api } = openHome([todayClass(LECTURE)]);
    await todayList();
    expect(screen.queryByRole('link', { name: /not marked today/ })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/attendance/missing'))).toHaveLength(0);
  });
});

describe("Today read early (the first page's main read)", () => {
  const classes = [todayClass(LECTURE)];

  it('is read with the status check, before Home renders; Home takes that answer, so Today is read once', async () => {
    const api = mockApi({ ...signedInAs(FACULTY), ...ACTIVE_TERMS, 'GET /timetable/today': { data: classes } });
    preloadFirstRead('/');
    await waitFor(() => expect(api.callsTo('GET', '/timetable/today')).toHaveLength(1));
    renderApp('/');
    expect(within(await todayList()).getAllByRole('link')).toHaveLength(1);
    expect(api.callsTo('GET', '/timetable/today')).toHaveLength(1);
  });

  it('is not read on another page, and is not taken by the next person signed in at this device', async () => {
    const first = mockApi({ ...signedInAs(FACULTY), ...ACTIVE_TERMS, 'GET /timetable/today': { data: classes } });
    preloadFirstRead('/queue');
    await waitFor(() => expect(session.get().status).toBe('signed-in'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first.callsTo('GET', '/timetable/today')).toHaveLength(0);
    preloadFirstRead('/');
    await waitFor(() => expect(first.callsTo('GET', '/timetable/today')).toHaveLength(1));
    // The faculty member leaves without Home showing; an admin signs in at the same device.
    session.reset();
    const next = mockApi({ ...signedInAs(ADMIN), ...ACTIVE_TERMS, 'GET /timetable/today': { data: [] } });
    renderApp('/');
    expect(await screen.findByText(/No classes of yours on the timetable|No classes today/)).toBeInTheDocument();
    expect(next.callsTo('GET', '/timetable/today')).toHaveLength(1);
  });
});
