import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { captureDownloads, textOf } from './support/view-attendance';
import { DIYA, KABIR, LIST_PATH, main, openReports, SEMESTER_REPORT, tableTexts } from './support/reports';
import type { renderApp } from './support/render-app';

/*
 * The Reports screen (docs/product.md §2.12): the defaulter list of a semester, division or batch under a
 * threshold, sorted, filtered, highlighted, and downloaded. The PDF module is replaced by a recorder (the
 * real one runs in Chromium: tests/e2e/reports.test.ts).
 */

const pdf = vi.hoisted(() => ({ specs: [] as unknown[], loaded: 0 }));
vi.mock('@web/lib/pdf/table-pdf', () => {
  pdf.loaded += 1;
  return {
    renderTablePdf: async (spec: unknown) => {
      pdf.specs.push(spec);
      return new Blob(['%PDF-fake'], { type: 'application/pdf' });
    },
  };
});

beforeAll(() => import('@web/features/reports/components/reports-page'));
beforeEach(() => {
  pdf.specs = [];
});

const HEADER = [
  'Enrollment',
  'Name',
  'Division / Batch',
  'Data Structures (Lecture)',
  'Data Structures (Lab)',
  'Digital Electronics (Lecture)',
  'Overall',
];
const ROWS: Record<string, string[]> = {
  '25CE001': ['25CE001', 'Aarav Patel', 'Division 1 / Batch 1A', '75.0% 6 of 8', '100.0% 2 of 2', 'no sessions', '80.0%'],
  '25CE002': [
    '25CE002',
    'Diya Shah Below 75% 2 classes on leave',
    'Division 1 / Batch 1A',
    '50.0% 4 of 8 needs 8 more',
    '50.0% 1 of 2 needs 2 more',
    'no sessions',
    '50.0%',
  ],
  '25CE003': ['25CE003', 'Ishaan Mehta', 'Division 1 / Batch 1B', '87.5% 7 of 8', 'no sessions', 'no sessions', '87.5%'],
  '25CE031': ['25CE031', 'Ananya Desai', 'Division 2 / Batch 2A', 'n/a 0 of 0', 'no sessions', 'no sessions', 'n/a'],
  '25CE032': [
    '25CE032',
    'Kabir Joshi Below 75%',
    'Division 2 / Batch 2A',
    '83.3% 5 of 6',
    'no sessions',
    '50.0% 2 of 4 needs 4 more',
    '70.0%',
  ],
};
const rowsOf = (...enrollments: string[]) => enrollments.map((enrollment) => ROWS[enrollment]!);

const field = (label: string) => main().getByLabelText(label) as HTMLSelectElement & HTMLInputElement;
const table = () => main().findByRole('table');
const bodyRows = async () => tableTexts(await table()).slice(1);
const header = (name: string) => main().getByRole('button', { name }).closest('th')!;
const reportCalls = (api: { calls: { path: string }[] }) => api.calls.filter((call) => call.path.startsWith('/report/'));

type App = ReturnType<typeof renderApp>;

/** Chooses Semester 3 (and the given division and batch) and presses Show list. */
async function showList(app: App, { division, batch }: { division?: string; batch?: string } = {}) {
  await main().findByRole('option', { name: 'Semester 3' });
  await app.user.selectOptions(field('Semester'), 'Semester 3');
  if (division) {
    await main().findByRole('option', { name: division });
    await app.user.selectOptions(field('Division (optional)'), division);
  }
  if (batch) {
    await main().findByRole('option', { name: batch });
    await app.user.selectOptions(field('Batch (optional)'), batch);
  }
  await app.user.click(main().getByRole('button', { name: 'Show list' }));
}

describe('reports: the defaulter list', () => {
  it('is a link of the navigation bar for faculty, and starts with the threshold of the settings', async () => {
    const { app } = await openReports({ 'GET /settings': { data: { ...DEFAULT_SETTINGS, threshold: 70 } } }, '/', 'Mark Attendance');
    await app.user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/reports');
    await waitFor(() => expect(field('Threshold (%)').value).toBe('70'));
    expect(field('Threshold (%)')).toHaveAccessibleDescription("Students under it are highlighted. Empty: the college's, 70%.");
    expect(main().queryByRole('table')).not.toBeInTheDocument();
  }, 15_000);

  it("shows each student's standing per course and kind, overall, and marks those below the threshold in words", async () => {
    const { app, api } = await openReports({ [`GET ${LIST_PATH}`]: { data: SEMESTER_REPORT } });
    await showList(app);
    expect(tableTexts(await table())[0]).toEqual(HEADER);
    expect(await bodyRows()).toEqual(rowsOf('25CE001', '25CE002', '25CE003', '25CE031', '25CE032'));
    expect(reportCalls(api).map((call) => call.path)).toEqual([LIST_PATH]);
    expect(app.location().search).toBe('?semid=s3&threshold=75');
    expect(main().getByText('2 of 5 students below 75%')).toBeInTheDocument();
    // The rows below are tinted, and say so in words.
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.classList.contains('row-below'))).toEqual([false, true, false, false, true]);
    expect(rows.map((row) => within(row).queryByText('Below') !== null)).toEqual([false, true, false, false, true]);
    // The list's heading takes the focus.
    expect(main().getByRole('heading', { level: 2, name: REPORT_MESSAGES.defaulters })).toHaveFocus();
  });

  it('sorts by name, enrollment or overall percentage with the header buttons, and says how in aria-sort', async () => {
    const { app } = await openReports({ [`GET ${LIST_PATH}`]: { data: SEMESTER_REPORT } });
    await showList(app);
    await table();
    expect(header('Enrollment')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');

    await app.user.click(main().getByRole('button', { name: 'Name' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Enrollment')).not.toHaveAttribute('aria-sort');
    expect((await bodyRows()).map((row) => row[0])).toEqual(['25CE001', '25CE031', '25CE002', '25CE003', '25CE032']);
    await app.user.click(main().getByRole('button', { name: 'Name' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect((await bodyRows()).map((row) => row[0])).toEqual(['25CE032', '25CE003', '25CE002', '25CE031', '25CE001']);

    // Overall: the lowest first; 'n/a' last either way.
    await app.user.click(main().getByRole('button', { name: 'Overall' }));
    expect(header('Overall')).toHaveAttribute('aria-sort', 'ascending');
    expect((await bodyRows()).map((row) => row.at(-1))).toEqual(['50.0%', '70.0%', '80.0%', '87.5%', 'n/a']);
    await app.user.click(main().getByRole('button', { name: 'Overall' }));
    expect((await bodyRows()).map((row) => row.at(-1))).toEqual(['87.5%', '80.0%', '70.0%', '50.0%', 'n/a']);
    expect(app.location().search).toBe('?semid=s3&threshold=75&sort=overall&order=descending');

    await app.user.click(main().getByRole('button', { name: 'Enrollment' }));
    expect((await bodyRows()).map((row) => row[0])).toEqual(['25CE001', '25CE002', '25CE003', '25CE031', '25CE032']);
  });

  it('shows only the students below the threshold when asked', async () => {
    const { app } = await openReports({ [`GET ${LIST_PATH}`]: { data: SEMESTER_REPORT } });
    await showList(app);
    await table();
    await app.user.click(main().getByRole('checkbox', { name: 'Only students below 75%' }));
    expect(await bodyRows()).toEqual(rowsOf('25CE002', '25CE032'));
    expect(app.location().search).toBe('?semid=s3&threshold=75&below=1');
    await app.user.click(main().getByRole('checkbox', { name: 'Only students below 75%' }));
    expect(await bodyRows()).toHaveLength(5);
  });

  it('checks the threshold (0 to 100) and the semester before asking, with the messages under the fields', async () => {
    const { app, api } = await openReports({
      'GET /report/defaulters?semid=s3&threshold=62.5': { data: { ...SEMESTER_REPORT, threshold: 62.5 } },
    });
    await waitFor(() => expect(field('Threshold (%)').value).toBe('75'));
    await app.user.click(main().getByRole('button', { name: 'Show list' }));
    expect(field('Semester')).toHaveAccessibleDescription(REPORT_MESSAGES.semid);
    expect(field('Semester')).toHaveFocus();

    await app.user.selectOptions(field('Semester'), 'Semester 3');
    for (const wrong of ['101', 'abc', '-5', '50.123']) {
      await app.user.clear(field('Threshold (%)'));
      await app.user.type(field('Threshold (%)'), wrong);
      await app.user.click(main().getByRole('button', { name: 'Show list' }));
      expect(field('Threshold (%)')).toHaveAccessibleDescription(expect.stringContaining(REPORT_MESSAGES.threshold));
      expect(field('Threshold (%)')).toHaveAttribute('aria-invalid', 'true');
      expect(field('Threshold (%)')).toHaveFocus();
    }
    expect(reportCalls(api)).toEqual([]);

    await app.user.clear(field('Threshold (%)'));
    await app.user.type(field('Threshold (%)'), '62.5');
    expect(field('Threshold (%)')).not.toHaveAttribute('aria-invalid');
    await app.user.click(main().getByRole('button', { name: 'Show list' }));
    await table();
    expect(reportCalls(api).map((call) => call.path)).toEqual(['/report/defaulters?semid=s3&threshold=62.5']);
    expect(main().getByText('2 of 5 students below 62.5%')).toBeInTheDocument();
  });

  it("an empty threshold asks for the college's: the answer's threshold is the one shown", async () => {
    const { app, api } = await openReports({ 'GET /report/defaulters?semid=s3': { data: { ...SEMESTER_REPORT, threshold: 75 } } });
    await waitFor(() => expect(field('Threshold (%)').value).toBe('75'));
    await app.user.clear(field('Threshold (%)'));
    await showList(app);
    await table();
    expect(reportCalls(api).map((call) => call.path)).toEqual(['/report/defaulters?semid=s3']);
    expect(main().getByText('2 of 5 students below 75%')).toBeInTheDocument();
  });

  it('narrows to a division, then a batch of it (the batch select waits for a division)', async () => {
    const { app, api } = await openReports({
      'GET /report/defaulters?semid=s3&divisionid=d1&batchid=b1&threshold=75': { data: { threshold: 75, students: [DIYA] } },
    });
    await main().findByRole('option', { name: 'Semester 3' });
    await app.user.selectOptions(field('Semester'), 'Semester 3');
    expect(field('Batch (optional)')).toBeDisabled();
    expect(field('Batch (optional)')).toHaveAccessibleDescription('Choose a division to list one of its batches.');
    await showList(app, { division: 'Division 1', batch: 'Batch 1A' });
    expect(await bodyRows()).toEqual([
      [
        '25CE002',
        'Diya Shah Below 75% 2 classes on leave',
        'Division 1 / Batch 1A',
        '50.0% 4 of 8 needs 8 more',
        '50.0% 1 of 2 needs 2 more',
        '50.0%',
      ],
    ]);
    expect(reportCalls(api).map((call) => call.path)).toEqual(['/report/defaulters?semid=s3&divisionid=d1&batchid=b1&threshold=75']);
    expect(main().getByText('Semester 3 · Division 1 · Batch 1A')).toBeInTheDocument();

    // A new semester starts over with every division and batch.
    await app.user.selectOptions(field('Semester'), 'Semester 5');
    expect(field('Division (optional)').value).toBe('');
    expect(field('Batch (optional)')).toBeDisabled();
  });

  it('downloads the rows shown as CSV: every course and kind, overall, Below in words and the classes on leave, in the order shown', async () => {
    const { app } = await openReports({ [`GET ${LIST_PATH}`]: { data: SEMESTER_REPORT } });
    await showList(app);
    await table();
    await app.user.click(main().getByRole('button', { name: 'Overall' }));
    const saved = captureDownloads();
    await app.user.click(main().getByRole('button', { name: 'Download CSV' }));
    expect(saved.map(({ name }) => name)).toEqual(['Semester 3 defaulters below 75%.csv']);
    expect(saved[0]!.blob.type).toBe('text/csv;charset=utf-8');
    expect((await textOf(saved[0]!.blob)).split('\r\n')).toEqual([
      '\uFEFFEnrollment,Name,Division,Batch,Data Structures (Lecture),Data Structures (Lab),Digital Electronics (Lecture),Overall,Below 75%,On leave',
      '25CE002,Diya Shah,Division 1,Batch 1A,"50.0% (4 of 8), needs 8 more","50.0% (1 of 2), needs 2 more",,50.0%,Yes,2',
      '25CE032,Kabir Joshi,Division 2,Batch 2A,83.3% (5 of 6),,"50.0% (2 of 4), needs 4 more",70.0%,Yes,0',
      '25CE001,Aarav Patel,Division 1,Batch 1A,75.0% (6 of 8),100.0% (2 of 2),,80.0%,No,0',
      '25CE003,Ishaan Mehta,Division 1,Batch 1B,87.5% (7 of 8),,,87.5%,No,0',
      '25CE031,Ananya Desai,Division 2,Batch 2A,n/a (0 of 0),,,n/a,No,0',
      '',
    ]);
  });

  it('defuses a name a spreadsheet would run as a formula', async () => {
    const { app } = await openReports({
      [`GET ${LIST_PATH}`]: { data: { threshold: 75, students: [{ ...KABIR, name: '=HYPERLINK("x")' }] } },
    });
    await showList(app);
    await table();
    const saved = captureDownloads();
    await app.user.click(main().getByRole('button', { name: 'Download CSV' }));
    expect((await textOf(saved[0]!.blob)).split('\r\n')[1]).toMatch(/^25CE032,"'=HYPERLINK\(""x""\)",/);
  });

  it('makes the PDF from the rows shown (loading the PDF module only then): those below filled, the percentages aligned right', async () => {
    const { app } = await openReports({ [`GET ${LIST_PATH}`]: { data: SEMESTER_REPORT } });
    await showList(app);
    await table();
    await app.user.click(main().getByRole('checkbox', { name: 'Only students below 75%' }));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(2));
    expect(pdf.specs).toEqual([]);
    const saved = captureDownloads();
    await app.user.click(main().getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Semester 3 defaulters below 75%.pdf');
    expect(pdf.specs).toEqual([
      {
        title: expect.stringMatching(/^Defaulter list \| Semester 3 \| Threshold 75% \| \d{4}-\d{2}-\d{2}$/),
        head: [
          'Enrollment',
          'Name',
          'Division',
          'Batch',
          'Data Structures (Lecture)',
          'Data Structures (Lab)',
          'Digital Electronics (Lecture)',
          'Overall',
          'Below 75%',
          'On leave',
        ],
        body: [
          [
            '25CE002',
            'Diya Shah',
            'Division 1',
            'Batch 1A',
            '50.0% (4 of 8), needs 8 more',
            '50.0% (1 of 2), needs 2 more',
            '',
            '50.0%',
            'Yes',
            '2',
          ],
          ['25CE032', 'Kabir Joshi', 'Division 2', 'Batch 2A', '83.3% (5 of 6)', '', '50.0% (2 of 4), needs 4 more', '70.0%', 'Yes', '0'],
        ],
        rightAligned: [4, 5, 6, 7, 9],
        highlighted: [0, 1],
        subject: 'Defaulter list',
      },
    ]);
  });

  it("keeps the list in the address: opened from it, and back from a student's record to the same list", async () => {
    const { app } = await openReports(
      {
        [`GET ${LIST_PATH}`]: { data: SEMESTER_REPORT },
        'GET /report/student/st2': { status: 404, message: REPORT_MESSAGES.studentNotFound },
      },
      '/reports?semid=s3&threshold=75&sort=name&order=descending',
    );
    expect((await bodyRows()).map((row) => row[0])).toEqual(['25CE032', '25CE003', '25CE002', '25CE031', '25CE001']);
    expect(field('Semester').value).toBe('s3');

    await app.user.click(main().getByRole('link', { name: 'Diya Shah' }));
    expect(await screen.findByRole('heading', { level: 1, name: REPORT_MESSAGES.record })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/reports/student/st2');
    await app.user.click(main().getByRole('link', { name: '‹ Back to the defaulter list' }));
    expect(await main().findByRole('table')).toBeInTheDocument();
    expect(app.location().search).toBe('?semid=s3&threshold=75&sort=name&order=descending');
    expect(main().getByRole('button', { name: 'Name' }).closest('th')).toHaveAttribute('aria-sort', 'descending');
  });

  it("shows the server's refusal, and 'No students found' for a group without students", async () => {
    const { app } = await openReports({
      [`GET ${LIST_PATH}`]: { status: 400, message: REPORT_MESSAGES.semesterNotFound },
      'GET /report/defaulters?semid=s3&divisionid=d2&threshold=75': {
        data: { threshold: 75, students: [] },
        message: REPORT_MESSAGES.noStudents,
      },
    });
    await showList(app);
    expect(await main().findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.semesterNotFound);
    await showList(app, { division: 'Division 2' });
    expect(await main().findByText(REPORT_MESSAGES.noStudents)).toBeInTheDocument();
    expect(main().queryByRole('table')).not.toBeInTheDocument();
  });
});
