import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextStep, readFlow, STEP_PATHS } from '@web/features/marking/flow';
import { mockApi, routes, type Routes } from './support/fake-api';
import { ACTIVE_TERMS, BATCH_1A, DIVISION_1, FACULTY, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

const data = routes({
  ...signedInAs(FACULTY),
  ...ACTIVE_TERMS,
  'GET /course/s3': { data: [{ _id: 'c1', name: 'Data Structures', semid: 's3' }] },
  'GET /slot/t1': { data: [{ _id: 'slot9', name: '09:00 - 10:00', termid: 't1' }] },
  'GET /division/s3': { data: [DIVISION_1] },
  'GET /batch/d1': { data: [BATCH_1A] },
});

const open = <T,>(url: string, extra?: Routes<T>) => {
  const api = mockApi({ ...data, ...extra });
  return { api, app: renderApp(url) };
};

/** The path and query of a link, as an object. */
function target(name: string) {
  const href = screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')!;
  const url = new URL(href, 'http://localhost');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

/** Opens a step and reads where its choice `name` links to. */
async function linkOf(url: string, name: string) {
  open(url);
  await screen.findByRole('link', { name: new RegExp(`^${name}`) });
  return target(name);
}

describe('marking flow: each step links to the next with the display path and the ids', () => {
  it('Home lists the semesters of the first active term', async () => {
    expect(await linkOf('/', 'Semester 3')).toEqual({ path: '/course/s3', query: { extraData: 'Semester 3', termid: 't1' } });
    expect(screen.getByRole('link', { name: 'Semester 5' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Wrong semester' })).not.toBeInTheDocument();
  });

  it('course → /laborlec/{courseid}', async () => {
    expect(await linkOf('/course/s3?extraData=Semester+3&termid=t1', 'Data Structures')).toEqual({
      path: '/laborlec/c1',
      query: { extraData: 'Semester 3 / Data Structures', termid: 't1', semid: 's3' },
    });
    expect(screen.getByText('Semester 3')).toBeInTheDocument();
  });

  it('Lecture (1) or Lab (2) → /slots/{1|2}', async () => {
    const base = { termid: 't1', semid: 's3', courseid: 'c1' };
    expect(await linkOf('/laborlec/c1?extraData=Semester+3+%2F+Data+Structures&termid=t1&semid=s3', 'Lecture')).toEqual({
      path: '/slots/1',
      query: { extraData: 'Semester 3 / Data Structures / Lecture', ...base },
    });
    expect(target('Lab')).toEqual({ path: '/slots/2', query: { extraData: 'Semester 3 / Data Structures / Lab', ...base } });
  });

  it("the time screen lists the term's slots → /division/{slotid}", async () => {
    expect(
      await linkOf('/slots/2?extraData=Semester+3+%2F+Data+Structures+%2F+Lab&termid=t1&semid=s3&courseid=c1', '09:00 - 10:00'),
    ).toEqual({
      path: '/division/slot9',
      query: { extraData: 'Semester 3 / Data Structures / Lab / 09:00 - 10:00', termid: 't1', semid: 's3', courseid: 'c1', kind: '2' },
    });
  });

  it.each([
    ['1', '/students/d1'],
    ['2', '/batch/d1'],
  ])('a division of kind %s links to %s', async (kind, path) => {
    expect(await linkOf(`/division/slot9?extraData=X&termid=t1&semid=s3&courseid=c1&kind=${kind}`, 'Division 1')).toEqual({
      path,
      query: { extraData: 'X / Division 1', termid: 't1', semid: 's3', courseid: 'c1', kind, slot: 'slot9' },
    });
  });

  it('a batch → /students/{batchid}', async () => {
    expect(await linkOf('/batch/d1?extraData=X+%2F+Division+1&courseid=c1&kind=2&slot=slot9', 'Batch 1A')).toEqual({
      path: '/students/b1',
      query: { extraData: 'X / Division 1 / Batch 1A', courseid: 'c1', kind: '2', slot: 'slot9' },
    });
  });

  it('walks from Home to the form by following the links', async () => {
    const { app } = open('/', {
      'GET /student/b1': { data: [{ _id: 'st1', name: 'Aarav', enrollment: '25CE001', email: 'a@x.test', batchid: 'b1' }] },
    });
    for (const name of ['Semester 3', 'Data Structures', 'Lab', '09:00 - 10:00', 'Division 1', 'Batch 1A']) {
      await app.user.click(await screen.findByRole('link', { name: new RegExp(`^${name}`) }));
    }
    expect(await screen.findByRole('checkbox', { name: '25CE001 Aarav' })).toBeInTheDocument();
    expect(screen.getByText('Semester 3 / Data Structures / Lab / 09:00 - 10:00 / Division 1 / Batch 1A')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/students/b1');
  });
});

describe('marking flow: empty lists show the docs/product.md §8 messages', () => {
  it.each([
    ['/', 'GET /semester/t1', 'No semester found'],
    ['/course/s3?extraData=S&termid=t1', 'GET /course/s3', 'No courses found'],
    ['/slots/1?extraData=S&termid=t1&semid=s3&courseid=c1', 'GET /slot/t1', 'No slots found'],
    ['/division/slot9?extraData=S&semid=s3&courseid=c1&kind=1', 'GET /division/s3', 'No division found'],
    ['/batch/d1?extraData=S&courseid=c1&kind=2&slot=slot9', 'GET /batch/d1', 'No batches found'],
  ])('%s shows its empty message', async (path, route, message) => {
    open(path, { [route]: { data: [], message: 'whatever the server says' } });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('list')).not.toBeInTheDocument();
  });

  it("Home says 'No term found' when no term is active", async () => {
    open('/', { 'GET /term/active': { data: [], message: 'No term found' } });
    expect(await screen.findByText('No term found')).toBeInTheDocument();
  });

  it('a failed load shows the message and Try again reloads', async () => {
    let calls = 0;
    const { api, app } = open('/course/s3?extraData=S&termid=t1', {
      'GET /course/s3': () =>
        ++calls === 1 ? { status: 400, message: 'Some error occur' } : { data: [{ _id: 'c1', name: 'Data Structures', semid: 's3' }] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Some error occur');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Data Structures' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/course/s3')).toHaveLength(2);
  });
});

describe('marking flow: URL helpers', () => {
  it('nextStep appends to the display path and keeps the ids it carries', () => {
    const flow = readFlow(new URLSearchParams('extraData=A+%2F+B&termid=t1&semid=s3&unrelated=x'));
    expect(flow).toEqual({ displayPath: 'A / B', termid: 't1', semid: 's3' });
    const next = new URL(nextStep('/slots/1', flow, 'Lecture & more', { courseid: 'c/1' }), 'http://localhost');
    expect(next.pathname).toBe('/slots/1');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      extraData: 'A / B / Lecture & more',
      termid: 't1',
      semid: 's3',
      courseid: 'c/1',
    });
  });

  it('reads the class kind from its code (the query’s kind, the time step’s path) and writes it back as its code', () => {
    const flow = readFlow(new URLSearchParams('extraData=X&courseid=c1&kind=2&slot=slot9'), { groupid: 'b1' });
    expect(flow).toEqual({ displayPath: 'X', courseid: 'c1', classKind: 'lab', slotid: 'slot9', groupid: 'b1' });
    expect(readFlow(new URLSearchParams('kind=1'), { kind: '2' }).classKind).toBe('lab');
    expect(readFlow(new URLSearchParams('kind=3')).classKind).toBeUndefined();
    expect(readFlow(new URLSearchParams('kind=1'), { kind: 'lecture' }).classKind).toBeUndefined();
    const next = new URL(nextStep(STEP_PATHS.slots('lab'), flow, 'Y'), 'http://localhost');
    expect(next.pathname).toBe('/slots/2');
    expect(Object.fromEntries(next.searchParams)).toEqual({ extraData: 'X / Y', courseid: 'c1', kind: '2', slot: 'slot9' });
  });
});
