import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type MarkingPolicy } from '@shared/schemas/settings';
import { mockApi, routes } from './support/fake-api';
import { ACTIVE_TERMS, ADMIN, BATCH_1A, BATCH_1B, DIVISION_1, DIVISION_2, FACULTY, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';
import { DATA_STRUCTURES, ELECTRONICS, LAB, LECTURE, SLOT_9 } from './support/timetable';

/*
 * Who may mark (docs/product.md §3): under the 'assigned' policy the step-by-step flow offers a faculty member
 * only the courses, kinds and groups the active term's timetable gives them (a lecture of Data Structures
 * to Division 1, a lab of Digital Electronics to Batch 1A); admins, and everyone under 'any-faculty', see all.
 */

const MATHS = { _id: 'c3', name: 'Mathematics', semid: 's3' };
const MINE = '/timetable?termid=t1&facultyid=u-faculty';

const lists = routes({
  ...ACTIVE_TERMS,
  'GET /course/s3': { data: [DATA_STRUCTURES, ELECTRONICS, MATHS] },
  'GET /slot/t1': { data: [SLOT_9] },
  'GET /division/s3': { data: [DIVISION_1, DIVISION_2] },
  'GET /batch/d1': { data: [BATCH_1A, BATCH_1B] },
  [`GET ${MINE}`]: { data: [LECTURE, LAB] },
});

function open(url: string, policy: MarkingPolicy = 'assigned', user = FACULTY) {
  const api = mockApi({ ...signedInAs(user), ...lists, 'GET /settings': { data: { ...DEFAULT_SETTINGS, markingPolicy: policy } } });
  renderApp(url);
  return api;
}

/** The choices a step's list offers, once it shows. */
async function choices(label: string) {
  const list = await screen.findByRole('list', { name: label });
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent?.replace('›', ''));
}

const FLOW = 'extraData=X&termid=t1&semid=s3';

describe("marking flow under 'assigned': a faculty member's own classes only", () => {
  it("offers only the semesters where the faculty member teaches, reading the active term's timetable of theirs", async () => {
    const api = open('/');
    expect(await choices('Semesters')).toEqual(['Semester 3']);
    expect(api.callsTo('GET', MINE)).toHaveLength(1);
  });

  it('offers only the courses they teach', async () => {
    open(`/course/s3?${FLOW}`);
    expect(await choices('Courses')).toEqual(['Data Structures', 'Digital Electronics']);
  });

  it.each([
    ['c1', ['LectureThe whole division']],
    ['c2', ['LabOne batch of the division']],
  ])('offers only the kinds they teach course %s as', async (courseid, kinds) => {
    open(`/laborlec/${courseid}?${FLOW}`);
    expect(await choices('Slot kinds')).toEqual(kinds);
  });

  it('a course they do not teach offers no kind', async () => {
    open(`/laborlec/c3?${FLOW}`);
    expect(await screen.findByText('No classes found')).toBeInTheDocument();
  });

  it.each([
    ['lecture', 'c1', '1'],
    ['lab', 'c2', '2'],
  ])("offers only the divisions of their %s (a lab's: the division of its batch)", async (_, courseid, kind) => {
    open(`/division/slot9?${FLOW}&courseid=${courseid}&kind=${kind}`);
    expect(await choices('Divisions')).toEqual(['Division 1']);
  });

  it('a lecture of a course they teach only as a lab offers no division', async () => {
    open(`/division/slot9?${FLOW}&courseid=c2&kind=1`);
    expect(await screen.findByText('No division found')).toBeInTheDocument();
  });

  it("offers only their lab's batch", async () => {
    open(`/batch/d1?${FLOW}&courseid=c2&kind=2&slot=slot9`);
    expect(await choices('Batches')).toEqual(['Batch 1A']);
  });

  it('leaves the time slots as they are (a class may be marked at another time)', async () => {
    open(`/slots/1?${FLOW}&courseid=c1`);
    expect(await choices('Time slots')).toEqual(['09:00 - 10:00']);
  });
});

describe("marking flow: everything, for 'any-faculty' and for admins", () => {
  it("under 'any-faculty' offers every course, kind and group, and reads no timetable", async () => {
    const api = open(`/course/s3?${FLOW}`, 'any-faculty');
    expect(await choices('Courses')).toEqual(['Data Structures', 'Digital Electronics', 'Mathematics']);
    expect(api.calls.filter((call) => call.path.startsWith('/timetable?'))).toHaveLength(0);
  });

  it("offers an admin every batch under 'assigned'", async () => {
    const api = open(`/batch/d1?${FLOW}&courseid=c2&kind=2&slot=slot9`, 'assigned', ADMIN);
    expect(await choices('Batches')).toEqual(['Batch 1A', 'Batch 1B']);
    expect(api.calls.filter((call) => call.path.startsWith('/timetable?'))).toHaveLength(0);
  });

  it('offers everything when the settings cannot be read (the server still decides)', async () => {
    const api = mockApi({ ...signedInAs(FACULTY), ...lists, 'GET /settings': { status: 503, message: 'Busy' } });
    renderApp(`/division/slot9?${FLOW}&courseid=c2&kind=1`);
    expect(await choices('Divisions')).toEqual(['Division 1', 'Division 2']);
    expect(api.calls.filter((call) => call.path.startsWith('/timetable?'))).toHaveLength(0);
  });
});
