import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '@shared/schemas/auth';
import type { CourseProjection, Projection, StudentRecord, StudentStanding } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import type { ClassKind } from '@shared/schemas/wire-names';
import { mockApi, routes } from './support/fake-api';
import { signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

/*
 * The student's and guardian's Home, /me (docs/product.md §4, §5): a card per course and kind and overall with
 * what the classes still to come allow, in the reader's words; a guardian switches between children by name;
 * offline, the device's copy is shown with the time the server answered it.
 */

beforeAll(() => import('@web/features/reports/components/family-home'));

const ASHA = { _id: 'st1', name: 'Asha Patel' };
const RAVI = { _id: 'st2', name: 'Ravi Patel' };
const STUDENT: SignedInUser = { _id: 'u-asha', username: 'Asha Patel', email: 'asha@college.test', role: 'student', students: [ASHA] };
const GUARDIAN: SignedInUser = {
  _id: 'u-mother',
  username: 'Meena Patel',
  email: 'meena@home.test',
  role: 'guardian',
  students: [ASHA, RAVI],
};

const projection = (attended: number, held: number, rest: Omit<Projection, 'attended' | 'held' | 'percentage'>): Projection => ({
  attended,
  held,
  percentage: held ? (100 * attended) / held : null,
  ...rest,
});
const course = (name: string, classKind: ClassKind, value: Projection): CourseProjection => ({
  courseid: name.toLowerCase(),
  course: name,
  classKind,
  ...value,
});
const group = {
  semester: { _id: 's3', name: 'Semester 3' },
  division: { _id: 'd1', name: 'Division 1' },
  batch: { _id: 'b1', name: 'Batch 1A' },
};

/** Asha: the threshold per course; at it in Physics lectures, below but able to get back in the labs, not in Chemistry. */
const ASHA_STANDING: StudentStanding = {
  student: { _id: 'st1', name: 'Asha Patel', enrollment: '25CE001', ...group },
  asOf: '2026-11-26',
  threshold: 75,
  thresholdApplies: 'each-course',
  lastDay: '2026-11-30',
  courses: [
    course('Physics', 'lecture', projection(12, 16, { below: false, classesNeeded: 0, remaining: 12, canMiss: 3, best: 85.7 })),
    course('Physics', 'lab', projection(3, 6, { below: true, classesNeeded: 6, remaining: 8, canMiss: 0, best: 78.6 })),
    course('Chemistry', 'lecture', projection(6, 11, { below: true, classesNeeded: 9, remaining: 6, canMiss: 0, best: 70.588 })),
  ],
  overall: projection(21, 33, { below: true, classesNeeded: 15, remaining: 26, canMiss: 0, best: 79.7 }),
};
/** Ravi: the threshold overall; the term's last day not set. */
const unknown = { classesNeeded: 0, remaining: null, unknown: 'noLastDay' as const, canMiss: null, best: null };
const RAVI_STANDING: StudentStanding = {
  student: { _id: 'st2', name: 'Ravi Patel', enrollment: '25CE002', ...group },
  asOf: '2026-11-26',
  threshold: 75,
  thresholdApplies: 'overall',
  lastDay: null,
  courses: [
    course('Physics', 'lecture', projection(8, 8, { below: false, ...unknown })),
    course('Chemistry', 'lecture', projection(0, 0, { below: false, ...unknown })),
  ],
  overall: projection(8, 8, { below: false, ...unknown }),
};
const record = (standing: StudentStanding, courseid: string): StudentRecord => ({
  student: standing.student,
  threshold: 75,
  courses: [],
  overall: null,
  sessions: [
    {
      _id: `${courseid}-1`,
      date: '2026-11-25',
      courseid,
      course: 'Physics',
      classKind: 'lecture',
      slotid: 'sl1',
      slot: '09:00 - 10:00',
      status: 'present',
    },
  ],
});

const FAMILY = routes({
  'GET /settings': { data: DEFAULT_SETTINGS },
  'GET /report/student/st1/standing': { data: ASHA_STANDING },
  'GET /report/student/st2/standing': { data: RAVI_STANDING },
  'GET /report/student/st1': { data: record(ASHA_STANDING, 'p1') },
  'GET /report/student/st2': { data: record(RAVI_STANDING, 'p2') },
});

const main = () => within(screen.getByRole('main'));
/** Each card's heading and lines, as read (what is aria-hidden left out). */
async function cards(): Promise<string[][]> {
  const section = (await main().findByRole('heading', { level: 2, name: 'Attendance' })).closest('section')!;
  return within(section)
    .getAllByRole('listitem')
    .map((card) =>
      [...card.querySelectorAll('h3, p')].map((line) => {
        const copy = line.cloneNode(true) as Element;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
        return copy.textContent!.replace(/\s+/g, ' ').trim();
      }),
    );
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => vi.unstubAllGlobals());

describe("the student's Home", () => {
  it('shows a card per course and kind, overall last, each with its state in words and what the classes to come allow', async () => {
    mockApi({ ...signedInAs(STUDENT), ...FAMILY });
    renderApp('/me');
    expect(await screen.findByRole('heading', { level: 1, name: 'My attendance' })).toBeInTheDocument();
    expect(await cards()).toEqual([
      [
        'Physics Lecture',
        '75.0% attended 12 of 16',
        'At or above 75%',
        '12 more Physics lectures are scheduled until 30 Nov; you can miss 3 of them and stay at 75%.',
      ],
      [
        'Physics Lab',
        '50.0% attended 3 of 6',
        'Below 75%',
        'Attend the next 6 Physics labs in a row to get back to 75%; 8 are scheduled until 30 Nov.',
      ],
      [
        'Chemistry Lecture',
        '54.5% attended 6 of 11',
        'Below 75%',
        'Even attending all 6 Chemistry lectures left until 30 Nov gives 70.6%: 75% cannot be reached this term.',
      ],
      [
        'Overall All courses',
        '63.6% attended 21 of 33',
        'Below 75%',
        'Attend the next 15 classes in a row to get back to 75%; 26 are scheduled until 30 Nov.',
      ],
    ]);
    const [physics, lab] = within(main().getByRole('list')).getAllByRole('listitem');
    // Below is marked as a warning, and said in words.
    expect(lab).toHaveClass('is-below');
    expect(physics).not.toHaveClass('is-below');
    expect(main().getByText("The college's threshold of 75% applies to each course, lectures and labs apart.")).toBeInTheDocument();
    // Who the student is, and the way to every class (a page of its own: the Home reads no class session).
    const student = within(main().getByRole('region', { name: 'Student' }));
    expect(student.getByText('25CE001')).toBeInTheDocument();
    expect(student.getByRole('link', { name: 'Every class, with PDF and CSV' })).toHaveAttribute('href', '/me/classes?student=st1');
    expect(main().queryByRole('heading', { level: 2, name: 'Sessions' })).not.toBeInTheDocument();
    expect(main().queryByRole('heading', { level: 2, name: 'Standing' })).not.toBeInTheDocument();
    expect(main().queryByText(/^Offline:/)).not.toBeInTheDocument();
  });
});

describe("the guardian's Home", () => {
  it("speaks of the child by first name, and switches between children by name, the overall card first where the college's rule is overall", async () => {
    mockApi({ ...signedInAs(GUARDIAN), ...FAMILY });
    const { user, location } = renderApp('/me');
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance of your children' })).toBeInTheDocument();
    const switcher = screen.getByRole('navigation', { name: 'Child' });
    expect(within(switcher).getByRole('button', { name: 'Asha Patel' })).toHaveAttribute('aria-pressed', 'true');
    expect((await cards())[0]![3]).toBe('12 more Physics lectures are scheduled until 30 Nov; Asha can miss 3 of them and stay at 75%.');
    expect((await cards())[2]![3]).toBe(
      'Even attending all 6 Chemistry lectures left until 30 Nov gives Asha 70.6%: 75% cannot be reached this term.',
    );

    await user.click(within(switcher).getByRole('button', { name: 'Ravi Patel' }));
    expect(location().search).toBe('?student=st2');
    await waitFor(() => expect(within(main().getByRole('region', { name: 'Student' })).getByText('25CE002')).toBeInTheDocument());
    expect(within(switcher).getByRole('button', { name: 'Ravi Patel' })).toHaveAttribute('aria-pressed', 'true');
    const noLastDay = "The term's last day is not set, so the classes still to come cannot be counted.";
    expect(await cards()).toEqual([
      ['Overall All courses', '100.0% attended 8 of 8', 'At or above 75%', noLastDay],
      ['Physics Lecture', '100.0% attended 8 of 8', 'At or above 75%', noLastDay],
      ['Chemistry Lecture', 'No classes yet', noLastDay],
    ]);
    expect(
      main().getByText("The college's threshold of 75% applies to Ravi's overall attendance; each course is shown for information."),
    ).toBeInTheDocument();
  });
});

describe('the Home offline', () => {
  it("says it shows the device's copy, with the time the server answered it in college time", async () => {
    online = false;
    const asked: string[] = [];
    vi.stubGlobal('caches', {
      match: async (url: string) => {
        asked.push(url);
        return new Response('{}', { headers: { date: 'Thu, 26 Nov 2026 03:44:00 GMT' } });
      },
    });
    mockApi({ ...signedInAs(STUDENT), ...FAMILY });
    renderApp('/me');
    await screen.findByRole('heading', { level: 1, name: 'My attendance' });
    expect(await main().findByText('Offline: showing your attendance as of 26 Nov, 09:14.')).toHaveAttribute('role', 'status');
    expect(asked).toEqual(['/api/v1/report/student/st1/standing']);
  });
});

describe('every class', () => {
  it("lists a guardian's chosen child's classes on a page of their own, with the way back", async () => {
    mockApi({ ...signedInAs(GUARDIAN), ...FAMILY });
    renderApp('/me/classes?student=st2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Every class of Ravi Patel' })).toBeInTheDocument();
    expect(await main().findByRole('heading', { level: 2, name: 'Sessions' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back to the attendance' })).toHaveAttribute('href', '/me?student=st2');
  });
});
