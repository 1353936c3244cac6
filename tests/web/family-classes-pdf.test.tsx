import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '@shared/schemas/auth';
import { REPORT_MESSAGES, type Projection, type StudentStanding } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { PROJECTIONS_HEADING, projectionsSection, standingTable } from '@web/features/reports/record';
import type { TablePdf } from '@web/lib/pdf/table-pdf';
import { mockApi } from './support/fake-api';
import { signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';
import { DIYA_RECORD, main, openReports } from './support/reports';
import { captureDownloads } from './support/view-attendance';

/*
 * The record's PDF from /me/classes (docs/product.md §4, §5) carries what the classes still to come allow, in the
 * Home's words for its reader; the staff's PDF of the same record (/reports/student/:id) does not. The PDF module
 * is replaced by a recorder of what it is asked to make (the real one: tests/unit/family-record-pdf.test.ts).
 */

const pdf = vi.hoisted(() => ({ specs: [] as TablePdf[] }));
vi.mock('@web/lib/pdf/table-pdf', () => ({
  renderTablePdf: async (spec: TablePdf) => {
    pdf.specs.push(spec);
    return new Blob(['%PDF-fake'], { type: 'application/pdf' });
  },
}));

beforeAll(() =>
  Promise.all([import('@web/features/reports/components/family-classes'), import('@web/features/reports/components/student-record-page')]),
);
beforeEach(() => {
  pdf.specs = [];
});

const DIYA = { _id: 'st2', name: 'Diya Shah' };
const STUDENT: SignedInUser = { _id: 'u-diya', username: 'Diya Shah', email: 'diya@college.test', role: 'student', students: [DIYA] };
const GUARDIAN: SignedInUser = { ...STUDENT, _id: 'u-meena', username: 'Meena Shah', email: 'meena@home.test', role: 'guardian' };

const projection = (over: Partial<Projection>): Projection => ({
  attended: 2,
  held: 4,
  percentage: 50,
  below: true,
  classesNeeded: 4,
  remaining: 6,
  canMiss: null,
  best: 80,
  ...over,
});
const STANDING: StudentStanding = {
  student: DIYA_RECORD.student,
  asOf: '2026-11-27',
  threshold: 75,
  thresholdApplies: 'each-course',
  lastDay: '2026-12-04',
  courses: [{ courseid: 'c1', course: 'Data Structures', classKind: 'lecture', ...projection({}) }],
  overall: projection({ attended: 4, held: 7, percentage: 400 / 7, classesNeeded: 6, remaining: 9 }),
};

/** /me/classes as `user`, its PDF downloaded: what the PDF was made of. */
async function downloadedAs(user: SignedInUser): Promise<TablePdf> {
  mockApi({
    ...signedInAs(user),
    'GET /settings': { data: DEFAULT_SETTINGS },
    'GET /report/student/st2': { data: DIYA_RECORD },
    'GET /report/student/st2/standing': { data: STANDING },
  });
  const app = renderApp('/me/classes?student=st2');
  await screen.findByRole('heading', { level: 2, name: 'Sessions' });
  const saved = captureDownloads();
  // The standing is read as the Home reads it; once it is here, the PDF has its lines.
  await waitFor(async () => {
    pdf.specs = [];
    await app.user.click(main().getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(pdf.specs).toHaveLength(1));
    expect(pdf.specs[0]!.before).toHaveLength(2);
  });
  expect(saved.at(-1)!.name).toBe('25CE002 Diya Shah record.pdf');
  return pdf.specs[0]!;
}

describe("the record's PDF from every class", () => {
  it("a student's: the standing, then the Home's lines in 'you' words, as of the standing's day", async () => {
    const spec = await downloadedAs(STUDENT);
    expect(spec.before).toEqual([standingTable(DIYA_RECORD), projectionsSection(STANDING, { you: true })]);
    expect(spec.before).toContainEqual(
      expect.objectContaining({
        head: [PROJECTIONS_HEADING],
        body: [
          ['As of 2026-11-27'],
          [
            'Data Structures (Lecture): Attend the next 4 Data Structures lectures in a row to get back to 75%; 6 are scheduled until 4 Dec.',
          ],
          ['Overall: Attend the next 6 classes in a row to get back to 75%; 9 are scheduled until 4 Dec.'],
        ],
      }),
    );
  });

  it("a guardian's: the lines speak of the child by first name", async () => {
    const spec = await downloadedAs(GUARDIAN);
    expect(spec.before).toEqual([standingTable(DIYA_RECORD), projectionsSection(STANDING, { you: false, firstName: 'Diya' })]);
    expect((spec.before as TablePdf[])[1]!.body[1]![0]).toMatch(/^Data Structures \(Lecture\): Diya needs to attend the next 4 /);
  });

  it("the staff's PDF of the record has the standing only", async () => {
    const { app } = await openReports({ 'GET /report/student/st2': { data: DIYA_RECORD } }, '/reports/student/st2', REPORT_MESSAGES.record);
    await main().findByRole('heading', { level: 2, name: 'Sessions' });
    captureDownloads();
    await app.user.click(main().getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(pdf.specs).toHaveLength(1));
    expect(pdf.specs[0]!.before).toEqual([standingTable(DIYA_RECORD)]);
    expect(screen.queryByText(PROJECTIONS_HEADING)).toBeNull();
  });
});
