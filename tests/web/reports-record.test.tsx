import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { captureDownloads, textOf } from './support/view-attendance';
import { DIYA_RECORD, DIYA_SESSIONS, main, openReports, standing, tableTexts } from './support/reports';

/*
 * A student's record (docs/product.md §2.12): who they are, their standing per course and kind, a chart of
 * it over time (inline SVG, with the table it is drawn from), and their sessions newest first.
 */

beforeAll(() => import('@web/features/reports/components/student-record-page'));

const RECORD = '/reports/student/st2';
const open = (extra: Parameters<typeof openReports>[0] = {}) =>
  openReports({ 'GET /report/student/st2': { data: DIYA_RECORD }, ...extra }, RECORD, REPORT_MESSAGES.record);
/** Once the record has loaded (its last section shows). */
const loaded = () => main().findByRole('heading', { level: 2, name: 'Sessions' });

const section = (name: string) => within(main().getByRole('heading', { level: 2, name }).closest('section')!);
const chart = () => document.querySelector<SVGSVGElement>('svg[data-chart="attendance"]')!;
/** Each line of the chart: its name and its points' dates. */
const lines = () =>
  [...chart().querySelectorAll('[data-series]')].map((line) => ({
    name: line.getAttribute('data-series'),
    points: [...line.querySelectorAll('[data-point]')].map((point) => point.getAttribute('data-point')),
    polyline: line.querySelector('polyline')!.getAttribute('points')!.split(' ').length,
    dashed: line.querySelector('polyline')!.hasAttribute('stroke-dasharray'),
  }));

describe("reports: a student's record", () => {
  it('says who the student is, and their standing per course and kind and overall, those below marked in words', async () => {
    await open();
    const details = await main().findByRole('region', { name: 'Student' });
    expect([...details.querySelectorAll('dt, dd')].map((item) => item.textContent)).toEqual([
      'Name',
      'Diya Shah',
      'Enrollment',
      '25CE002',
      'Semester',
      'Semester 3',
      'Division',
      'Division 1',
      'Batch',
      'Batch 1A',
    ]);
    expect(within(details).getByText('All dates')).toBeInTheDocument();
    expect(tableTexts(section('Standing').getByRole('table'))).toEqual([
      ['Course', 'Percentage', 'Attended', 'Classes needed'],
      ['Data Structures (Lecture) Below 75%', '50.0%', '2 of 4', 'needs 4 more'],
      ['Data Structures (Lab) Below 75%', '50.0%', '1 of 2', 'needs 2 more'],
      ['Digital Electronics (Lecture)', '100.0%', '1 of 1', 'none'],
      ['Overall Below 75%', '57.1%', '4 of 7', ''],
    ]);
  });

  it('draws the cumulative percentage by date: a line per course and kind, a point per date, dashed for a lab', async () => {
    await open();
    await main().findByRole('heading', { level: 2, name: 'Attendance over time' });
    expect(chart()).toHaveAttribute('role', 'img');
    expect(lines()).toEqual([
      {
        name: 'Data Structures (Lecture)',
        points: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'],
        polyline: 4,
        dashed: false,
      },
      { name: 'Data Structures (Lab)', points: ['2026-11-03', '2026-11-05'], polyline: 2, dashed: true },
      // 4 Nov was excused, left out of the total: nothing counted yet that day.
      { name: 'Digital Electronics (Lecture)', points: ['2026-11-05'], polyline: 1, dashed: false },
    ]);
    // Its text alternative names each line's last value; its caption says what it shows.
    expect(chart()).toHaveAccessibleName(
      'Attendance over time. Data Structures (Lecture): 50.0% on 2026-11-05; Data Structures (Lab): 50.0% on 2026-11-05; Digital Electronics (Lecture): 100.0% on 2026-11-05.',
    );
    expect(main().getByRole('figure')).toHaveAccessibleName(
      /^Cumulative attendance by date, one line per course and kind \(dashed: a lab\)/,
    );
    expect(
      within(main().getByRole('list', { name: 'Lines' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Data Structures (Lecture): 50.0%', 'Data Structures (Lab): 50.0%', 'Digital Electronics (Lecture): 100.0%']);
  });

  it('holds the table the chart is drawn from, each line ending at the standing', async () => {
    await open();
    const data = (await main().findByText('The chart as a table')).closest('details')!;
    expect(tableTexts(within(data).getByRole('table', { hidden: true }))).toEqual([
      ['Date', 'Data Structures (Lecture)', 'Data Structures (Lab)', 'Digital Electronics (Lecture)'],
      ['2026-11-02', '100.0% (1 of 1)', 'no session', 'no session'],
      ['2026-11-03', '50.0% (1 of 2)', '100.0% (1 of 1)', 'no session'],
      ['2026-11-04', '66.7% (2 of 3)', 'no session', 'no session'],
      ['2026-11-05', '50.0% (2 of 4)', '50.0% (1 of 2)', '100.0% (1 of 1)'],
    ]);
  });

  it("follows the college's rules: a late worth half, an excused session counted as absent", async () => {
    await open({
      'GET /settings': { data: { ...DEFAULT_SETTINGS, lateCounts: 0.5, excusedCounts: 'absent' } },
      'GET /report/student/st2': {
        data: {
          ...DIYA_RECORD,
          courses: [standing('ds', 'lecture', 1.5, 4, 6), standing('ds', 'lab', 1, 2, 2), standing('de', 'lecture', 1, 2, 2)],
        },
      },
    });
    await main().findByRole('heading', { level: 2, name: 'Attendance over time' });
    expect(lines().map((line) => line.points.length)).toEqual([4, 2, 2]);
    const data = main().getByText('The chart as a table').closest('details')!;
    expect(tableTexts(within(data).getByRole('table', { hidden: true })).slice(3)).toEqual([
      ['2026-11-04', '50.0% (1.5 of 3)', 'no session', '0.0% (0 of 1)'],
      ['2026-11-05', '37.5% (1.5 of 4)', '50.0% (1 of 2)', '50.0% (1 of 2)'],
    ]);
  });

  it('lists the sessions newest first with date, course, kind, slot and status', async () => {
    await open();
    await loaded();
    const sessions = section('Sessions');
    expect(sessions.getByText('8 sessions, newest first')).toBeInTheDocument();
    expect(tableTexts(sessions.getByRole('table'))).toEqual([
      ['Date', 'Course', 'Kind', 'Slot', 'Status'],
      ['2026-11-05', 'Data Structures', 'Lab', '14:00 - 15:00', 'Absent'],
      ['2026-11-05', 'Digital Electronics', 'Lecture', '10:00 - 11:00', 'Present'],
      ['2026-11-05', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Absent'],
      ['2026-11-04', 'Digital Electronics', 'Lecture', '10:00 - 11:00', 'Excused'],
      ['2026-11-04', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Late'],
      ['2026-11-03', 'Data Structures', 'Lab', '14:00 - 15:00', 'Present'],
      ['2026-11-03', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Absent'],
      ['2026-11-02', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Present'],
    ]);
  });

  it('downloads the sessions as CSV', async () => {
    const { app } = await open();
    await loaded();
    const saved = captureDownloads();
    await app.user.click(section('Sessions').getByRole('button', { name: 'Download CSV' }));
    expect(saved.map(({ name }) => name)).toEqual(['25CE002 Diya Shah record.csv']);
    const lines = (await textOf(saved[0]!.blob)).split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      '\uFEFFDate,Course,Kind,Slot,Status',
      '2026-11-05,Data Structures,Lab,14:00 - 15:00,Absent',
      '2026-11-05,Digital Electronics,Lecture,10:00 - 11:00,Present',
    ]);
    expect(lines).toHaveLength(DIYA_SESSIONS.length + 2);
  });

  it('reads a range: both dates checked first, then put in the address', async () => {
    const { app, api } = await open({
      'GET /report/student/st2?from=2026-11-03&to=2026-11-04': {
        data: { ...DIYA_RECORD, sessions: DIYA_SESSIONS.filter((one) => one.date >= '2026-11-03' && one.date <= '2026-11-04') },
      },
    });
    await loaded();
    const from = main().getByLabelText('From (optional)');
    const to = main().getByLabelText('To (optional)');
    fireEvent.change(from, { target: { value: '2026-11-04' } });
    fireEvent.change(to, { target: { value: '2026-11-03' } });
    await app.user.click(main().getByRole('button', { name: 'Show record' }));
    expect(to).toHaveAccessibleDescription(expect.stringContaining(REPORT_MESSAGES.range));
    expect(api.calls.filter((call) => call.path.includes('?'))).toEqual([]);

    fireEvent.change(from, { target: { value: '2026-11-03' } });
    fireEvent.change(to, { target: { value: '2026-11-04' } });
    expect(to).not.toHaveAttribute('aria-invalid');
    await app.user.click(main().getByRole('button', { name: 'Show record' }));
    await waitFor(() => expect(section('Sessions').getByText('4 sessions, newest first')).toBeInTheDocument());
    expect(app.location().search).toBe('?from=2026-11-03&to=2026-11-04');
    expect(within(main().getByRole('region', { name: 'Student' })).getByText('From 2026-11-03 To 2026-11-04')).toBeInTheDocument();
  });

  it("shows the server's message for a student who does not exist", async () => {
    await open({ 'GET /report/student/st2': { status: 404, message: REPORT_MESSAGES.studentNotFound } });
    expect(await main().findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.studentNotFound);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
