import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND, type AttendanceRecord, type PercentageReport } from '@shared/schemas/attendance';
import type { Reply } from './support/fake-api';
import {
  button,
  captureDownloads,
  DATE_PATH,
  DAYS_PATH,
  field,
  fill,
  LECTURE,
  openView,
  presentAt,
  PRESENT,
  RANGE_PATH,
  REPORT,
  sessionView,
  textOf,
  totals,
} from './support/view-attendance';

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

describe('view attendance: the results', () => {
  it("by date: 'Attendance on <date>', then 'Present Students List' with Name and Enrollment, no Percentage", async () => {
    const { app } = openView({ [`GET ${DATE_PATH}` as const]: { data: presentAt(PRESENT, 1) } });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Attendance on 2026-11-20' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('heading', { level: 3, name: 'Present Students List' })).toBeInTheDocument();
    expect(tableRows()).toEqual([
      ['Name', 'Enrollment'],
      ['Aarav Patel', '25CE001'],
      ['Ananya Desai', '25CE004'],
    ]);
    expect(screen.getByText('2 students present')).toBeInTheDocument();
    expect(screen.getByText('Semester 3 · Data Structures · Lecture · 09:00 - 10:00')).toBeInTheDocument();
    expect(screen.queryByLabelText('Highlight below (%)')).not.toBeInTheDocument();
  });

  it('as percentages: each student’s sessions by status and the server’s percentage, rounded to a whole number, with %', async () => {
    const { app } = openView({ [`GET ${RANGE_PATH}` as const]: { data: REPORT } });
    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Percentage'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Attendance percentage' })).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Present Students List' })).not.toBeInTheDocument();
    expect(tableRows()).toEqual([
      ['Name', 'Enrollment', 'Present', 'Late', 'Absent', 'Excused', 'Percentage'],
      ['Aarav Patel', '25CE001', '8', '0', '0', '0', '100%'],
      ['Diya Shah', '25CE002', '2', '0', '1', '0', '67%, below 75%'],
      ['Ishaan Mehta', '25CE003', '1', '0', '7', '0', '13%, below 75%'],
      ['Ananya Desai', '25CE004', '0', '0', '6', '2', '0%, below 75%'],
      ['Kabir Joshi', '25CE005', '2', '1', '1', '0', '75%'],
    ]);
    expect(screen.getByText('From 2026-11-02 To 2026-11-20')).toBeInTheDocument();
    expect(screen.getByText('5 students, 8 sessions')).toBeInTheDocument();
  });

  it.each([
    ['Get Attendance', DATE_PATH, { data: [], message: NOT_FOUND }, 'Attendance on 2026-11-20'],
    [
      'Get Percentage',
      '/attendance/criteria?startdate=2026-11-20&slotid=slot9&slotcount=1&courseid=c1',
      { data: { totalLecture: 0, studentData: [] }, message: NOT_FOUND },
      'Attendance percentage',
    ],
  ])("%s with nothing marked: 'Attendance data not found!!!' and no table", async (name, path, reply, title) => {
    const { app } = openView({ [`GET ${path}`]: reply });
    await fill(app, LECTURE);
    await app.user.click(button(name));
    const section = (await screen.findByRole('heading', { level: 2, name: title })).closest('section')!;
    expect(within(section).getByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('a session marked with nobody present says so (not "not found")', async () => {
    const { app } = openView({ [`GET ${DATE_PATH}` as const]: { data: presentAt([], 1) } });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    expect(await screen.findByText('No student was present at this session.')).toBeInTheDocument();
  });

  it('shows the loading overlay while fetching', async () => {
    let release!: () => void;
    const { app, api } = openView({
      [`GET ${DATE_PATH}` as const]: () =>
        new Promise<Reply<AttendanceRecord[]>>((resolve) => (release = () => resolve({ data: presentAt(PRESENT) }))),
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
    const { app } = openView({ [`GET ${DATE_PATH}`]: { status: 400, message: 'Please select a slot' } });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a slot');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});

/** GET attendance's record of one day of the range: Division 1's session, these students present. */
const dayRecord = (date: string, present: typeof PRESENT): AttendanceRecord => ({
  ...presentAt(present, 1)[0]!,
  date,
  sessions: [
    sessionView(
      present.map((student) => ({ ...student, status: 'present' as const })),
      { _id: `sess-${date}` },
    ),
  ],
});

describe('view attendance: a range by date', () => {
  it("shows each day that has sessions under 'Attendance on <date>', in date order, each with its sessions and present list", async () => {
    const { app, api } = openView({
      [`GET ${DAYS_PATH}` as const]: { data: [dayRecord('2026-11-03', PRESENT), dayRecord('2026-11-10', PRESENT.slice(0, 1))] },
    });
    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Attendance'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Attendance from 2026-11-02 to 2026-11-20' })).toHaveFocus();
    expect(api.callsTo('GET', DAYS_PATH)).toHaveLength(1);
    const days = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(days).toEqual(['Attendance on 2026-11-03', 'Attendance on 2026-11-10']);
    expect(screen.getByText('2 days, 2 sessions')).toBeInTheDocument();
    const second = within(screen.getByRole('region', { name: 'Attendance on 2026-11-10' }));
    expect(second.getByRole('heading', { level: 4, name: 'Present Students List' })).toBeInTheDocument();
    expect(second.getByRole('article', { name: 'Division 1' })).toBeInTheDocument();
    expect(second.getAllByRole('row').map((row) => row.textContent)).toEqual(['NameEnrollment', 'Aarav Patel25CE001']);
  });

  it("a range with nothing marked keeps the spec's message and says which dates", async () => {
    const { app } = openView({ [`GET ${DAYS_PATH}` as const]: { data: [], message: NOT_FOUND } });
    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Attendance'));
    const notice = await screen.findByText(NOT_FOUND, { exact: false });
    expect(notice).toHaveTextContent(`${NOT_FOUND} No class of this slot was marked from 2026-11-02 to 2026-11-20.`);
  });

  it('exports a range with a Date column', async () => {
    const { app } = openView({
      [`GET ${DAYS_PATH}` as const]: { data: [dayRecord('2026-11-03', PRESENT), dayRecord('2026-11-10', PRESENT.slice(0, 1))] },
    });
    const saved = captureDownloads();
    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Attendance'));
    await app.user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(saved.map(({ name }) => name)).toEqual(['2026-11-02 to 2026-11-20 Data Structures.csv']);
    expect(await textOf(saved[0]!.blob)).toBe(
      '\uFEFFDate,Name,Enrollment\r\n2026-11-03,Aarav Patel,25CE001\r\n2026-11-03,Ananya Desai,25CE004\r\n2026-11-10,Aarav Patel,25CE001\r\n',
    );
  });
});

describe('view attendance: percentages over every slot', () => {
  it("Get Percentage without a slot counts every slot of the course (no slotid), under 'Attendance percentage'", async () => {
    const path = '/attendance/criteria?startdate=2026-11-02&enddate=2026-11-20&slotcount=1&courseid=c1';
    const { app, api } = openView({ [`GET ${path}` as const]: { data: REPORT } });
    await fill(app, { semester: 'Semester 3', kind: 'Lecture', date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Percentage'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Attendance percentage' })).toBeInTheDocument();
    expect(api.callsTo('GET', path)).toHaveLength(1);
    expect(screen.getByText('Semester 3 · Data Structures · Lecture · All slots')).toBeInTheDocument();
  });
});

describe('view attendance: the threshold', () => {
  it('marks and counts the students below 75% by default, in text as well as colour; the threshold can be changed', async () => {
    const { app } = openView({ [`GET ${RANGE_PATH}` as const]: { data: REPORT } });
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
    const report: PercentageReport = {
      totalLecture: 2,
      studentData: [
        totals({ _id: 'a', name: 'Patel, Aarav', enrollment: '25CE001' }, { present: 2 }, 100),
        totals({ _id: 'b', name: 'Diya "Dee" Shah', enrollment: '25CE002' }, { late: 1, absent: 1 }, 50),
        totals({ _id: 'c', name: '=HYPERLINK("x")', enrollment: '25CE003' }, { absent: 2 }, 0),
        totals({ _id: 'd', name: 'Zoë Ångström', enrollment: '25CE004' }, { present: 1, absent: 2, excused: 1 }, 100 / 3),
        totals({ _id: 'e', name: 'Only Excused', enrollment: '25CE005' }, { excused: 2 }, null),
      ],
    };
    const { app } = openView({ [`GET ${RANGE_PATH}` as const]: { data: report } });
    const saved = captureDownloads();

    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Percentage'));
    await app.user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    expect(saved.map(({ name, href }) => `${name} ${href}`)).toEqual([
      '2026-11-02 to 2026-11-20 Data Structures.csv blob:http://localhost/download',
    ]);
    const { blob } = saved[0]!;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte order mark
    expect(await textOf(blob)).toBe(
      '\uFEFF' +
        [
          'Name,Enrollment,Present,Late,Absent,Excused,Percentage',
          '"Patel, Aarav",25CE001,2,0,0,0,100%',
          '"Diya ""Dee"" Shah",25CE002,0,1,1,0,50%',
          `"'=HYPERLINK(""x"")",25CE003,0,0,2,0,0%`,
          'Zoë Ångström,25CE004,1,0,2,1,33%',
          'Only Excused,25CE005,0,0,0,2,n/a',
        ].join('\r\n') +
        '\r\n',
    );
    // No anchor left behind.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('by date: Name and Enrollment, named by the date and the course', async () => {
    const { app } = openView({ [`GET ${DATE_PATH}` as const]: { data: presentAt(PRESENT, 1) } });
    const saved = captureDownloads();
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    await app.user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(saved.map(({ name }) => name)).toEqual(['2026-11-20 Data Structures.csv']);
    expect(await textOf(saved[0]!.blob)).toBe('\uFEFFName,Enrollment\r\nAarav Patel,25CE001\r\nAnanya Desai,25CE004\r\n');
  });
});
