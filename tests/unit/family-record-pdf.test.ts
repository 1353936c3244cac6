import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseProjection, Projection, StudentRecord, StudentStanding } from '@shared/schemas/reports';
import { projectionLine, type Reader } from '@web/features/reports/projection-text';
import { PROJECTIONS_HEADING, projectionsSection, sessionsPdf } from '@web/features/reports/record';
import type { LinePainter, LineStyle } from '@web/lib/pdf/canvas-painter';
import { inkPng } from '@web/lib/pdf/png';
import { renderTablePdf, type TablePdf } from '@web/lib/pdf/table-pdf';
import { embeddedFonts, pdfLines } from '@tests/support/pdf';

/*
 * A student's or guardian's copy of the record PDF (web/src/features/reports/record.ts): after the standing, what
 * the classes still to come allow in the Home's words, as of the standing's day; the staff's copy without them.
 * Made by the real jsPDF with the real Noto fonts and read back with pdftotext; only the browser's canvas that
 * shapes a line is replaced (as in tests/web/pdf-table.test.ts), and fetch reads the fonts from node_modules.
 */

const painted = vi.hoisted(() => ({ lines: [] as string[] }));

vi.mock('@web/lib/pdf/canvas-painter', () => ({
  canvasPainter: async (): Promise<LinePainter> => {
    const measure = (text: string, style: LineStyle) => text.length * style.size * 0.5;
    return {
      measure,
      paint(text, style) {
        painted.lines.push(text);
        const advance = measure(text, style);
        return {
          png: inkPng(4, 2, style.color, new Uint8Array(8).fill(255)),
          advance,
          left: 0,
          top: style.size,
          width: advance,
          height: style.size * 1.3,
        };
      },
    };
  },
}));

beforeEach(() => {
  painted.lines = [];
  vi.stubGlobal(
    'fetch',
    async (url: string) => new Response(readFileSync(join(process.cwd(), decodeURIComponent(new URL(url, 'http://x').pathname)))),
  );
});

const dir = mkdtempSync(join(tmpdir(), 'sams-family-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as pdftotext reads it, its lines joined by spaces (a long line wraps in the PDF). */
async function pdfText(spec: TablePdf, name: string): Promise<{ lines: string[]; text: string; fonts: string[] }> {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, Buffer.from(await (await renderTablePdf(spec)).arrayBuffer()));
  const lines = pdfLines(path);
  return { lines, text: lines.join(' '), fonts: embeddedFonts(path) };
}

const STUDENT = 'கார்த்திக் ராஜா';
const MATHS = 'गणित';

const named = (name: string) => ({ _id: name, name });
const student = {
  _id: 'st-1',
  name: STUDENT,
  enrollment: '25CE001',
  semester: named('Semester 3'),
  division: named('Division 1'),
  batch: named('Batch 1A'),
};

const record: StudentRecord = {
  student,
  threshold: 75,
  courses: [{ courseid: 'c-maths', course: MATHS, classKind: 'lecture', attended: 3, held: 4, percentage: 75, classesNeeded: 0 }],
  overall: 75,
  sessions: [
    {
      _id: 's-1',
      date: '2026-11-20',
      courseid: 'c-maths',
      course: MATHS,
      classKind: 'lecture',
      slotid: 'sl9',
      slot: '09:00 - 10:00',
      status: 'absent',
    },
  ],
};

const projection = (over: Partial<Projection>): Projection => ({
  attended: 3,
  held: 4,
  percentage: 75,
  below: false,
  classesNeeded: 0,
  remaining: 5,
  canMiss: 1,
  best: 88.9,
  ...over,
});
const maths: CourseProjection = { courseid: 'c-maths', course: MATHS, classKind: 'lecture', ...projection({}) };
const lab: CourseProjection = {
  courseid: 'c-physics',
  course: 'Physics',
  classKind: 'lab',
  ...projection({ attended: 1, held: 4, percentage: 25, below: true, classesNeeded: 8, remaining: 3, canMiss: 0, best: 57.1 }),
};
const standing: StudentStanding = {
  student,
  asOf: '2026-11-27',
  threshold: 75,
  thresholdApplies: 'each-course',
  lastDay: '2026-11-30',
  courses: [maths, lab],
  overall: projection({ attended: 4, held: 8, percentage: 50, below: true, classesNeeded: 8, remaining: 8, canMiss: 0, best: 75 }),
};

/** The lines the Home shows for this standing and reader, in its order, each after its course and kind. */
const homeLines = (reader: Reader, applies = standing.thresholdApplies) => {
  const context = { reader, threshold: 75, lastDay: standing.lastDay };
  const overall = `Overall: ${projectionLine(standing.overall, 'overall', context)}`;
  const courses = [`${MATHS} (Lecture): ${projectionLine(maths, maths, context)}`, `Physics (Lab): ${projectionLine(lab, lab, context)}`];
  return applies === 'overall' ? [overall, ...courses] : [...courses, overall];
};

describe('the projections of a student’s or guardian’s record PDF', () => {
  it('are the Home’s lines, overall last when the threshold applies to each course and first when it applies overall', () => {
    const section = projectionsSection(standing, { you: true });
    expect(section).toMatchObject({ head: [PROJECTIONS_HEADING], plain: true });
    expect(section.body).toEqual([['As of 2026-11-27'], ...homeLines({ you: true }).map((line) => [line])]);
    expect(section.body[1]).toEqual([
      `${MATHS} (Lecture): 5 more ${MATHS} lectures are scheduled until 30 Nov; you can miss 1 of them and stay at 75%.`,
    ]);
    const overallFirst = projectionsSection({ ...standing, thresholdApplies: 'overall' }, { you: true });
    expect(overallFirst.body.slice(1)).toEqual(homeLines({ you: true }, 'overall').map((line) => [line]));
  });

  it("a student's copy: after the standing, the heading, the day and every line, read back as text in the scripts' fonts", async () => {
    const { lines, text, fonts } = await pdfText(sessionsPdf(record, {}, projectionsSection(standing, { you: true })), 'student');
    expect(lines[0]).toBe(`${STUDENT} (25CE001) | Semester 3 | Division 1 | Batch 1A | All dates`);
    const at = (line: string) => lines.indexOf(line);
    const standingHead = at('Course Percentage Attended Classes needed');
    const [heading, asOf, sessionsHead] = [at(PROJECTIONS_HEADING), at('As of 2026-11-27'), at('Date Course Kind Slot Status')];
    expect(standingHead).toBeGreaterThan(0);
    expect([heading, asOf, sessionsHead]).toEqual([standingHead + 3, standingHead + 4, expect.any(Number)]);
    const section = lines.slice(asOf + 1, sessionsHead).join(' ');
    expect(section).toBe(homeLines({ you: true }).join(' '));
    expect(text).toContain(`${MATHS} (Lecture) 75.0% 3 of 4`);
    expect(fonts).toEqual(['NotoSansDevanagari', 'NotoSansTamil']);
    // The lines with a course in Devanagari are drawn shaped, as the table's cells and the title are.
    expect(painted.lines.filter((line) => line.includes(`more ${MATHS} lectures`)).length).toBeGreaterThan(0);
  });

  it("a guardian's copy speaks of the child by first name, in Tamil too", async () => {
    const reader: Reader = { you: false, firstName: 'கார்த்திக்' };
    const { text } = await pdfText(sessionsPdf(record, {}, projectionsSection(standing, reader)), 'guardian');
    for (const line of homeLines(reader)) expect(text).toContain(line);
    expect(text).toContain('கார்த்திக் can miss 1 of them and stay at 75%.');
    expect(text).not.toContain('you can');
  });

  it("the staff's copy has no projections", async () => {
    const { lines, text } = await pdfText(sessionsPdf(record, {}), 'staff');
    expect(lines).not.toContain(PROJECTIONS_HEADING);
    expect(text).not.toContain('As of');
    expect(text).not.toContain('scheduled until');
    expect(lines).toContain('Date Course Kind Slot Status');
  });
});
