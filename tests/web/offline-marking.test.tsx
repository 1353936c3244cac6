import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import { DUPLICATE_MARK, type MarkedClassSession } from '@shared/schemas/attendance';
import { TIMETABLE_MESSAGES } from '@shared/schemas/timetable';
import { reloadQueue } from '@web/lib/offline/queue-store';
import { stopRetrying } from '@web/lib/offline/send-queue';
import { mockApi, type Routes } from './support/fake-api';
import { FACULTY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { CONFLICT, signedInHere, stored, waitingMark } from './support/offline';
import { renderApp } from './support/render-app';
import { LECTURE, todayClass } from './support/timetable';

vi.mock('@web/lib/offline/mark-queue', () => import('./support/offline'));

/*
 * Marking offline on the screens (docs/product.md §4): a mark made with no connection is saved on the
 * phone and the screen says so; the strip under the navigation bar counts the marks waiting; Today
 * shows a class whose mark waits; the list of saved marks shows each one's outcome (logging out and
 * marks of an earlier sign-in: offline-shared-device.test.tsx).
 */

const DIVISION_STUDENTS = [
  { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
  { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
];
const LECTURE_URL =
  '/students/d1?extraData=Data+Structures+%2F+Lecture+%2F+09%3A00+-+10%3A00+%2F+Division+1&termid=t1&semid=s3&courseid=c1&kind=1&slot=slot9';
/** Data Structures, a lecture of Division 1 at 09:00, not marked yet. */
const TODAY_CLASS = todayClass(LECTURE);

function setup<T>(url: string, extra?: Routes<T>) {
  const api = mockApi({
    ...signedInAs(FACULTY),
    'GET /term/active': { data: [ODD] },
    'GET /semester/t1': { data: [SEMESTER_3] },
    'GET /student/division/d1': { data: DIVISION_STUDENTS },
    'GET /timetable/today': { data: [TODAY_CLASS] },
    ...extra,
  });
  return { api, app: renderApp(url) };
}

// The signed-in shell and the screens used are lazily loaded chunks: loaded once before the first test's clock starts.
beforeAll(() =>
  Promise.all([
    import('@web/app/app-layout'),
    import('@web/features/marking/components/students-page'),
    import('@web/features/marking/components/home-page'),
    import('@web/features/marking/components/queue-page'),
  ]),
);

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  stored.clear();
  signedInHere(FACULTY);
});
afterEach(async () => {
  stopRetrying();
  stored.clear();
  await reloadQueue();
});

const strip = () => screen.findByRole('link', { name: /waiting to be sent|needs a look/ });

describe('offline marking: the form', () => {
  it('saves a mark made offline on the phone, sends nothing, and says so; the strip counts it', async () => {
    online = false;
    const { api, app } = setup(LECTURE_URL);
    await app.user.click(await screen.findByRole('button', { name: 'Mark' }));

    expect(await screen.findByRole('heading', { name: 'Saved on this phone' })).toBeInTheDocument();
    expect(screen.getByText('Saved on this phone — it will be sent when you are online.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/attendance')).toEqual([]);
    const [saved] = [...stored.values()];
    expect(saved).toMatchObject({
      userId: FACULTY._id,
      state: 'waiting',
      label: 'Data Structures / Lecture / 09:00 - 10:00 / Division 1',
      body: {
        presentStudentIds: ['st1', 'st2'],
        date: collegeToday(),
        slotid: 'slot9',
        classKind: 'lecture',
        courseid: 'c1',
        groupid: 'd1',
      },
      view: { date: collegeToday(), semid: 's3', courseid: 'c1', slotid: 'slot9', classKind: 'lecture', groupid: 'd1' },
    });
    expect(saved!.body.clientMarkId).toBe(saved!.clientMarkId);
    expect(await strip()).toHaveTextContent('1 mark waiting to be sent');
    expect(screen.getByText(/You are offline/)).toBeInTheDocument();
  });

  it('saves the mark when the send finds no connection, with the clientMarkId it was sent with', async () => {
    const { api, app } = setup(LECTURE_URL, {
      'POST /attendance': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Mark' }));
    expect(await screen.findByRole('heading', { name: 'Saved on this phone' })).toBeInTheDocument();
    const sent = api.callsTo('POST', '/attendance')[0]!.body as { clientMarkId: string };
    expect([...stored.keys()]).toEqual([sent.clientMarkId]);
  });

  it('says who marked the class first when the server refuses the mark (409), and saves nothing', async () => {
    const { app } = setup(LECTURE_URL, { 'POST /attendance': { status: 409, data: CONFLICT as never, message: DUPLICATE_MARK } });
    await app.user.click(await screen.findByRole('button', { name: 'Mark' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${DUPLICATE_MARK} (Marked by Demo Admin, 2026-11-20 14:35)`);
    expect(stored.size).toBe(0);
  });
});

describe('offline marking: Home and the saved marks', () => {
  it("shows Today's class whose mark waits as saved on this phone, linking to the saved marks", async () => {
    online = false;
    stored.set('m1', waitingMark({ clientMarkId: 'm1' }));
    setup('/');
    const today = await screen.findByRole('list', { name: TIMETABLE_MESSAGES.today });
    const link = await within(today).findByRole('link', { name: /Saved on this phone/ });
    expect(link).toHaveAttribute('href', '/queue');
    expect(await strip()).toHaveTextContent('1 mark waiting to be sent');
  });

  it('reads the student lists of Today’s classes at once, to have them offline', async () => {
    const { api } = setup('/');
    await screen.findByRole('list', { name: TIMETABLE_MESSAGES.today });
    await waitFor(() => expect(api.callsTo('GET', '/student/division/d1')).toHaveLength(1));
  });

  it('lists each saved mark with its outcome: waiting, sent, already marked (who, when, a link), refused', async () => {
    online = false;
    const view = '/dashboard/viewattendance?';
    stored.set('a', waitingMark({ clientMarkId: 'a', attempts: 2, message: 'Could not reach the server.' }));
    stored.set('b', waitingMark({ clientMarkId: 'b', state: 'sent', sessionId: 's-b' }));
    stored.set(
      'c',
      waitingMark({
        clientMarkId: 'c',
        state: 'conflict',
        conflict: CONFLICT,
      }),
    );
    stored.set('d', waitingMark({ clientMarkId: 'd', state: 'refused', message: 'Some present students are not in this division' }));
    setup('/queue');
    const list = await screen.findByRole('list', { name: 'Saved marks' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('paragraph').at(2)?.textContent)).toEqual([
      'Waiting to be sent',
      'Sent and stored',
      'Not sent: this class was already marked',
      'Not sent',
    ]);
    expect(items[0]).toHaveTextContent('Tried 2 times: Could not reach the server.');
    expect(items[2]).toHaveTextContent('Marked by Demo Admin, 2026-11-20 14:35. Your mark was not stored.');
    expect(
      within(items[2]!)
        .getByRole('link', { name: /Open the marked class/ })
        .getAttribute('href'),
    ).toContain(view);
    expect(items[3]).toHaveTextContent('Some present students are not in this division');
    expect(await strip()).toHaveTextContent('1 mark waiting to be sent2 marks need a look');
  });
});

describe('offline marking: a mark kept with the wire’s names', () => {
  it('is read as any other (its view link by the kind’s code too): reviewed, sent, and its class opens', async () => {
    const mark = waitingMark({ clientMarkId: 'm1', signInId: 'an-earlier-sign-in' });
    const { presentStudentIds, classKind: _kind, ...body } = mark.body;
    const { classKind: _viewKind, ...view } = mark.view!;
    stored.set('m1', {
      ...mark,
      body: { ...body, presentStudentData: presentStudentIds, slotcount: 1 },
      view: { ...view, kind: 1 },
    } as never);
    const marked: MarkedClassSession = { _id: 'sess1', version: 1, date: collegeToday(), groupid: 'd1', present: 1, expected: 2 };
    const { api, app } = setup('/queue', { 'POST /attendance': { status: 201, data: marked, message: 'Attendance marked successfully' } });
    const list = await screen.findByRole('list', { name: 'Saved marks' });
    await waitFor(() => expect(list).toHaveTextContent('Present1 of 2Absent (1)Diya Shah'));
    await app.user.click(within(list).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', '/attendance').map((call) => call.body)).toEqual([mark.body]));
    const open = await within(list).findByRole('link', { name: 'Open the class' });
    expect(new URL(open.getAttribute('href')!, 'http://localhost').searchParams.get('kind')).toBe('1');
  });
});
