import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NOT_FOUND } from '@shared/schemas/attendance';
import { FACULTY, mockApi, renderApp, signedInAs, type ApiHandler } from './support/render-app';

const TERM = { _id: 't1', name: '2026-27 Odd Term', status: true };
const OTHER_ACTIVE = { _id: 't9', name: 'Later term', status: true };
const LISTS: Record<string, ApiHandler> = {
  'GET /term/active': { data: [TERM, OTHER_ACTIVE] },
  'GET /semester/t1': {
    data: [
      { _id: 's3', name: 'Semester 3', termid: 't1' },
      { _id: 's5', name: 'Semester 5', termid: 't1' },
    ],
  },
  'GET /semester/t9': { data: [{ _id: 'sx', name: 'Wrong semester', termid: 't9' }] },
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
  'GET /division/s3': {
    data: [
      { _id: 'd1', name: 'Division 1', semid: 's3' },
      { _id: 'd2', name: 'Division 2', semid: 's3' },
    ],
  },
  'GET /division/s5': { data: [] },
  'GET /batch/d1': {
    data: [
      { _id: 'b1a', name: 'Batch 1A', divisionid: 'd1' },
      { _id: 'b1b', name: 'Batch 1B', divisionid: 'd1' },
    ],
  },
  'GET /batch/d2': { data: [{ _id: 'b2a', name: 'Batch 2A', divisionid: 'd2' }] },
};

const PRESENT = [
  { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' },
  { _id: 'st4', name: 'Ananya Desai', enrollment: '25CE004' },
];
const DATE_PATH = '/attendance?date=2026-11-20&slotid=slot9&slotcount=1&courseid=c1';
const RANGE_PATH = '/attendance/criteria?startdate=2026-11-02&enddate=2026-11-20&slotcount=1&courseid=c1';
const REPORT = {
  totalLecture: 8,
  studentData: [
    { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001', totalPresent: 8, totalLecture: 8 }, // 100%
    { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002', totalPresent: 2, totalLecture: 3 }, // 66.7 → 67%
    { _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003', totalPresent: 1, totalLecture: 8 }, // 12.5 → 13%
    { _id: 'st4', name: 'Ananya Desai', enrollment: '25CE004', totalPresent: 0, totalLecture: 8 }, // never present: 0%
    { _id: 'st5', name: 'Kabir Joshi', enrollment: '25CE005', totalPresent: 3, totalLecture: 4 }, // own total 4 (not 8): 75%
  ],
};

function setup(extra: Record<string, ApiHandler> = {}) {
  const api = mockApi({ ...signedInAs(FACULTY), ...LISTS, ...extra });
  const app = renderApp('/dashboard/viewattendance');
  return { api, app };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLSelectElement & HTMLInputElement;
const optionTexts = (label: string | RegExp) => [...field(label).options].map((option) => option.text);
const button = (name: string) => screen.getByRole('button', { name });

interface Fill {
  semester?: string;
  course?: string;
  slot?: string;
  kind?: 'Lecture' | 'Lab';
  group?: string;
  date?: string;
  enddate?: string;
}

/** Fills the form like a user: the selects by their visible option, the dates by typing a value. */
async function fill(app: ReturnType<typeof setup>['app'], values: Fill) {
  await screen.findByRole('option', { name: 'Semester 3' });
  if (values.semester) {
    await app.user.selectOptions(field('Semester'), values.semester);
    await waitFor(() => expect(field('Course').value).not.toBe(''));
  }
  if (values.course) await app.user.selectOptions(field('Course'), values.course);
  if (values.slot) await app.user.selectOptions(field('Slot'), values.slot);
  if (values.kind) await app.user.selectOptions(field('Slot count'), values.kind);
  if (values.group) {
    const group = field(/^(Division|Batch) \(optional\)$/);
    await within(group).findByRole('option', { name: values.group });
    await app.user.selectOptions(group, values.group);
  }
  if (values.date !== undefined) fireEvent.change(field('Start Date'), { target: { value: values.date } });
  if (values.enddate !== undefined) fireEvent.change(field('End Date (optional)'), { target: { value: values.enddate } });
}

const LECTURE: Fill = { semester: 'Semester 3', slot: '09:00 - 10:00', kind: 'Lecture', date: '2026-11-20' };

/** An element's text as a screen reader gets it (aria-hidden parts left out). */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

/** The table's rows as the text of their cells (header row first). */
function tableRows(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map(spokenText));
}

describe('view attendance: the form', () => {
  it('has the documented fields, named and labelled; semesters of the first active term; the term slots', async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'View Attendance' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Semester 3' });
    const names: Record<string, string> = {
      Semester: 'semester_id',
      Course: 'course_id',
      Slot: 'slot_id',
      'Slot count': 'slot_count',
      'Start Date': 'date',
      'End Date (optional)': 'enddate',
    };
    for (const [label, name] of Object.entries(names)) expect(field(label).name).toBe(name);
    expect(field('Start Date').type).toBe('date');
    expect(field('End Date (optional)').type).toBe('date');
    expect(optionTexts('Semester')).toEqual(['Choose a semester', 'Semester 3', 'Semester 5']);
    expect(optionTexts('Slot count')).toEqual(['Lecture or Lab', 'Lecture', 'Lab']);
    expect([...field('Slot count').options].map((option) => option.value)).toEqual(['', '1', '2']);
    await waitFor(() => expect(optionTexts('Slot')).toEqual(['Choose a slot', '09:00 - 10:00', '10:00 - 11:00']));
    expect(api.callsTo('GET', '/semester/t9')).toHaveLength(0);
    expect(button('Get Attendance')).toHaveAttribute('type', 'submit');
    expect(button('Get Percentage')).toHaveAttribute('type', 'submit');
  });

  it('choosing a semester loads its courses with the first preselected; another semester preselects its own first', async () => {
    const { app, api } = setup();
    await screen.findByRole('option', { name: 'Semester 3' });
    expect(field('Course').value).toBe('');
    expect(api.callsTo('GET', '/course/s3')).toHaveLength(0);

    await app.user.selectOptions(field('Semester'), 'Semester 3');
    await waitFor(() => expect(field('Course').value).toBe('c1'));
    expect(optionTexts('Course')).toEqual(['Choose a course', 'Data Structures', 'Digital Electronics']);
    await app.user.selectOptions(field('Course'), 'Digital Electronics');
    expect(field('Course').value).toBe('c2');

    await app.user.selectOptions(field('Semester'), 'Semester 5');
    await waitFor(() => expect(field('Course').value).toBe('c5'));
    expect(optionTexts('Course')).toEqual(['Choose a course', 'Operating Systems']);
  });

  it("says 'No course found' for a semester without courses", async () => {
    const { app } = setup({ 'GET /course/s5': { data: [], message: 'No course found' } });
    await fill(app, {});
    await app.user.selectOptions(field('Semester'), 'Semester 5');
    expect(await screen.findByText('No course found')).toBeInTheDocument();
    expect(field('Course').value).toBe('');
  });

  it("says 'No term found' when no term is active", async () => {
    setup({ 'GET /term/active': { data: [], message: 'No term found' } });
    expect(await screen.findByText('No term found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Attendance' })).not.toBeInTheDocument();
  });
});

describe('view attendance: validation (docs/product.md §5)', () => {
  it('requires semester, course, slot, slot count and start date; sends nothing until they are given', async () => {
    const { app, api } = setup();
    await screen.findByRole('option', { name: 'Semester 3' });
    await app.user.click(button('Get Attendance'));

    expect(await screen.findByText('Please select a semester')).toBeInTheDocument();
    expect(screen.getByText('Please select a course')).toBeInTheDocument();
    expect(screen.getByText('Please select a slot')).toBeInTheDocument();
    expect(screen.getByText('Please select Lecture or Lab')).toBeInTheDocument();
    expect(screen.getByText('Please choose a start date')).toBeInTheDocument();
    expect(field('Semester')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Semester')).toHaveAccessibleDescription('Please select a semester');
    expect(field('Start Date')).toHaveAccessibleDescription('Please choose a start date');
    expect(field('Semester')).toHaveFocus();
    expect(field('End Date (optional)')).not.toHaveAttribute('aria-invalid');

    // Fixing a field clears its message; the others stay.
    await fill(app, { semester: 'Semester 3', slot: '09:00 - 10:00', kind: 'Lecture' });
    expect(screen.queryByText('Please select a semester')).not.toBeInTheDocument();
    await app.user.click(button('Get Percentage'));
    expect(screen.getByText('Please choose a start date')).toBeInTheDocument();
    expect(screen.queryByText('Please select a course')).not.toBeInTheDocument();
    expect(field('Start Date')).toHaveFocus();

    expect(api.calls.filter((call) => call.path.startsWith('/attendance'))).toEqual([]);
  });

  it('Get Percentage refuses an end date before the start date; Get Attendance ignores the end date', async () => {
    const { app, api } = setup({ [`GET ${DATE_PATH}`]: { data: [] } });
    await fill(app, { ...LECTURE, enddate: '2026-11-01' });
    await app.user.click(button('Get Percentage'));
    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(field('End Date (optional)')).toHaveFocus();
    expect(api.calls.filter((call) => call.path.startsWith('/attendance'))).toEqual([]);

    await app.user.click(button('Get Attendance'));
    await screen.findByText(NOT_FOUND);
    expect(api.calls.filter((call) => call.path.startsWith('/attendance')).map((call) => call.path)).toEqual([DATE_PATH]);
  });
});

describe('view attendance: the queries sent', () => {
  it('Get Attendance: GET attendance with date, slot, kind and course; Enter in a field does the same', async () => {
    const { app, api } = setup({ [`GET ${DATE_PATH}`]: { data: [{ presentStudentsName: PRESENT, sessions: 1 }] } });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    await screen.findByRole('table');
    expect(api.callsTo('GET', DATE_PATH)).toHaveLength(1);

    await app.user.type(field('Start Date'), '{Enter}');
    await waitFor(() => expect(api.callsTo('GET', DATE_PATH)).toHaveLength(2));
  });

  it('Get Percentage: GET attendance/criteria with startdate, enddate, kind and course; no enddate when left empty', async () => {
    const single = '/attendance/criteria?startdate=2026-11-20&slotcount=2&courseid=c2';
    const { app, api } = setup({ [`GET ${RANGE_PATH}`]: { data: REPORT }, [`GET ${single}`]: { data: REPORT } });
    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Percentage'));
    await screen.findByRole('table');
    expect(api.callsTo('GET', RANGE_PATH)).toHaveLength(1);

    await fill(app, { course: 'Digital Electronics', kind: 'Lab', date: '2026-11-20', enddate: '' });
    await app.user.click(button('Get Percentage'));
    await waitFor(() => expect(api.callsTo('GET', single)).toHaveLength(1));
  });

  it('a lecture can be filtered to one division (groupid), a lab to one batch, listed under its division', async () => {
    const lecture = `${DATE_PATH}&groupid=d2`;
    const lab = '/attendance/criteria?startdate=2026-11-20&slotcount=2&courseid=c1&groupid=b1b';
    const { app, api } = setup({ [`GET ${lecture}`]: { data: [] }, [`GET ${lab}`]: { data: { totalLecture: 0, studentData: [] } } });
    await screen.findByRole('option', { name: 'Semester 3' });
    expect(field('Division or batch (optional)')).toBeDisabled();

    await fill(app, { ...LECTURE, group: 'Division 2' });
    expect(optionTexts('Division (optional)')).toEqual(['All divisions', 'Division 1', 'Division 2']);
    await app.user.click(button('Get Attendance'));
    await waitFor(() => expect(api.callsTo('GET', lecture)).toHaveLength(1));

    await fill(app, { kind: 'Lab', group: 'Batch 1B' });
    const batches = field('Batch (optional)');
    expect(within(batches).getByRole('group', { name: 'Division 1' })).toBeInTheDocument();
    expect(optionTexts('Batch (optional)')).toEqual(['All batches', 'Batch 1A', 'Batch 1B', 'Batch 2A']);
    await app.user.click(button('Get Percentage'));
    await waitFor(() => expect(api.callsTo('GET', lab)).toHaveLength(1));
  });
});

describe('view attendance: the results', () => {
  it("by date: 'Present Students List' with Name and Enrollment, no Percentage", async () => {
    const { app } = setup({ [`GET ${DATE_PATH}`]: { data: [{ presentStudentsName: PRESENT, sessions: 1 }] } });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Present Students List' });
    expect(heading).toHaveFocus();
    expect(tableRows()).toEqual([
      ['Name', 'Enrollment'],
      ['Aarav Patel', '25CE001'],
      ['Ananya Desai', '25CE004'],
    ]);
    expect(screen.getByText('2 students present')).toBeInTheDocument();
    expect(screen.getByText('Semester 3 · Data Structures · Lecture · 09:00 - 10:00')).toBeInTheDocument();
    expect(screen.queryByLabelText('Highlight below (%)')).not.toBeInTheDocument();
  });

  it('as percentages: each from the student’s own totalLecture, rounded to a whole number, with %; never-present students at 0%', async () => {
    const { app } = setup({ [`GET ${RANGE_PATH}`]: { data: REPORT } });
    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Percentage'));
    await screen.findByRole('table');
    expect(tableRows()).toEqual([
      ['Name', 'Enrollment', 'Percentage'],
      ['Aarav Patel', '25CE001', '100%'],
      ['Diya Shah', '25CE002', '67%, below 75%'],
      ['Ishaan Mehta', '25CE003', '13%, below 75%'],
      ['Ananya Desai', '25CE004', '0%, below 75%'],
      ['Kabir Joshi', '25CE005', '75%'],
    ]);
    expect(screen.getByText('From 2026-11-02 To 2026-11-20')).toBeInTheDocument();
    expect(screen.getByText('5 students, 8 sessions')).toBeInTheDocument();
  });

  it.each([
    ['Get Attendance', DATE_PATH, { data: [], message: NOT_FOUND }],
    [
      'Get Percentage',
      '/attendance/criteria?startdate=2026-11-20&slotcount=1&courseid=c1',
      { data: { totalLecture: 0, studentData: [] }, message: NOT_FOUND },
    ],
  ])("%s with nothing marked: 'Attendance data not found!!!' and no table", async (name, path, reply) => {
    const { app } = setup({ [`GET ${path}`]: reply });
    await fill(app, LECTURE);
    await app.user.click(button(name));
    const section = (await screen.findByRole('heading', { level: 2, name: 'Present Students List' })).closest('section')!;
    expect(within(section).getByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('a session marked with nobody present says so (not "not found")', async () => {
    const { app } = setup({ [`GET ${DATE_PATH}`]: { data: [{ presentStudentsName: [], sessions: 1 }] } });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    expect(await screen.findByText('No student was present at this session.')).toBeInTheDocument();
  });

  it('shows the loading overlay while fetching', async () => {
    let release!: () => void;
    const { app, api } = setup({
      [`GET ${DATE_PATH}`]: () =>
        new Promise((resolve) => (release = () => resolve({ data: [{ presentStudentsName: PRESENT, sessions: 1 }] }))),
    });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    expect(await screen.findByTestId('loading-overlay')).toBeInTheDocument();
    expect(button('Get Attendance')).toHaveAttribute('aria-disabled', 'true');
    await app.user.click(button('Get Percentage')); // ignored while loading
    release();
    await screen.findByRole('table');
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/attendance'))).toHaveLength(1);
  });

  it("shows a failed request's message as an error toast", async () => {
    const { app } = setup({ [`GET ${DATE_PATH}`]: { status: 400, message: 'Please select a slot' } });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a slot');
    expect(screen.queryByRole('heading', { name: 'Present Students List' })).not.toBeInTheDocument();
  });
});

describe('view attendance: the threshold', () => {
  it('marks and counts the students below 75% by default, in text as well as colour; the threshold can be changed', async () => {
    const { app } = setup({ [`GET ${RANGE_PATH}`]: { data: REPORT } });
    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Percentage'));
    await screen.findByRole('table');

    const threshold = field('Highlight below (%)');
    expect(threshold.value).toBe('75');
    expect(threshold.type).toBe('number');
    expect(screen.getByText('3 students below 75%')).toBeInTheDocument();
    const marked = () => screen.getAllByRole('row').filter((row) => row.classList.contains('row-below'));
    expect(marked().map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['25CE002', '25CE003', '25CE004']);
    // Not by colour alone: the cell says it (to screen readers) and shows a marker.
    expect(within(marked()[0]!).getByText(', below 75%')).toBeInTheDocument();
    expect(marked()[0]!.querySelector('.below-marker[aria-hidden="true"]')).not.toBeNull();

    await app.user.clear(threshold);
    await app.user.type(threshold, '50');
    expect(screen.getByText('2 students below 50%')).toBeInTheDocument();
    expect(marked()).toHaveLength(2);

    await app.user.clear(threshold);
    await app.user.type(threshold, '101');
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a whole number from 0 to 100')).toBeInTheDocument();
    expect(screen.getByText('1 student below 10%')).toBeInTheDocument(); // '10' was the last valid value typed
  });
});

describe('view attendance: Download CSV', () => {
  it('saves the table as UTF-8 CSV with the same columns, proper quoting, named like the PDF', async () => {
    const report = {
      totalLecture: 2,
      studentData: [
        { _id: 'a', name: 'Patel, Aarav', enrollment: '25CE001', totalPresent: 2, totalLecture: 2 },
        { _id: 'b', name: 'Diya "Dee" Shah', enrollment: '25CE002', totalPresent: 1, totalLecture: 2 },
        { _id: 'c', name: '=HYPERLINK("x")', enrollment: '25CE003', totalPresent: 0, totalLecture: 2 },
        { _id: 'd', name: 'Zoë Ångström', enrollment: '25CE004', totalPresent: 1, totalLecture: 3 },
      ],
    };
    const { app } = setup({ [`GET ${RANGE_PATH}`]: { data: report } });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:http://localhost/csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });

    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Percentage'));
    await app.user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    expect(downloads).toEqual(['2026-11-02 to 2026-11-20 Data Structures.csv blob:http://localhost/csv']);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte order mark
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      '\uFEFF' +
        [
          'Name,Enrollment,Percentage',
          '"Patel, Aarav",25CE001,100%',
          '"Diya ""Dee"" Shah",25CE002,50%',
          `"'=HYPERLINK(""x"")",25CE003,0%`,
          'Zoë Ångström,25CE004,33%',
        ].join('\r\n') +
        '\r\n',
    );
    // No anchor left behind.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('by date: Name and Enrollment, named by the date and the course', async () => {
    const { app } = setup({ [`GET ${DATE_PATH}`]: { data: [{ presentStudentsName: PRESENT, sessions: 1 }] } });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    await app.user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(names).toEqual(['2026-11-20 Data Structures.csv']);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0]!.arrayBuffer());
    expect(text).toBe('\uFEFFName,Enrollment\r\nAarav Patel,25CE001\r\nAnanya Desai,25CE004\r\n');
  });
});
