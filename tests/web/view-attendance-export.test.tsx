import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fileName, headerLine, toCsv, wholePercentage, type ReportContext } from '@web/features/attendance-view/report';
import { csvField } from '@web/lib/csv';
import type { Routes } from './support/fake-api';
import { button, captureDownloads, fill, LECTURE, openView, presentAt, totals } from './support/view-attendance';

/*
 * The PDF export, with jsPDF replaced by a recorder: what is written where, in which font size,
 * and the table's options. (The real jsPDF is exercised in Chromium by tests/e2e/view-attendance.)
 */
const pdf = vi.hoisted(() => ({
  loaded: 0,
  fail: false,
  ops: [] as unknown[][],
  tables: [] as Record<string, unknown>[],
}));

vi.mock('jspdf', () => {
  pdf.loaded += 1;
  class FakePdf {
    private fontSize = 16;
    internal = { pageSize: { getWidth: () => 210 }, scaleFactor: 72 / 25.4 };
    constructor(options: unknown) {
      if (pdf.fail) throw new Error('out of memory');
      pdf.ops.push(['new', options]);
    }
    setProperties(properties: unknown) {
      pdf.ops.push(['properties', properties]);
    }
    setLanguage() {}
    setFontSize(size: number) {
      this.fontSize = size;
    }
    getLineHeight() {
      return this.fontSize * 1.15;
    }
    splitTextToSize(text: string) {
      return [text];
    }
    text(text: unknown, x: number, y: number, options: unknown) {
      pdf.ops.push(['text', text, x, y, options, this.fontSize]);
    }
    output(kind: string) {
      return new Blob([`%PDF-fake ${kind}`], { type: 'application/pdf' });
    }
  }
  return { jsPDF: FakePdf };
});
vi.mock('jspdf-autotable', () => ({
  autoTable: (_doc: unknown, options: Record<string, unknown>) => pdf.tables.push(options),
}));

beforeEach(() => {
  pdf.fail = false;
  pdf.ops = [];
  pdf.tables = [];
});

const STUDENTS = [
  totals({ _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' }, { present: 2, late: 1 }, 100),
  totals({ _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' }, { late: 1, absent: 2 }, 100 / 3),
];

/** Opens the screen, fills the form for Semester 3 / Data Structures / Lecture / 09:00 - 10:00, and presses `name`. */
async function query<T>(name: 'Get Attendance' | 'Get Percentage', dates: { date: string; enddate?: string }, extra: Routes<T>) {
  const { app } = openView(extra);
  await fill(app, { ...LECTURE, ...dates });
  await app.user.click(button(name));
  await screen.findByRole('table');
  return app;
}

describe('view attendance: Download PDF', () => {
  it('loads jsPDF only when pressed, then writes the centred header at size 10 and a grid table with a grey, white bold header', async () => {
    const loadedBefore = pdf.loaded;
    const app = await query(
      'Get Percentage',
      { date: '2026-11-02', enddate: '2026-11-20' },
      {
        'GET /attendance/criteria?startdate=2026-11-02&enddate=2026-11-20&slotid=slot9&slotcount=1&courseid=c1': {
          data: { totalLecture: 3, studentData: STUDENTS },
        },
      },
    );
    const saved = captureDownloads();
    expect(pdf.loaded).toBe(loadedBefore); // not imported by the page itself

    await app.user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(pdf.loaded).toBe(loadedBefore + 1);

    expect(saved[0]!.name).toBe('2026-11-02 to 2026-11-20 Data Structures.pdf');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    const header = 'From 2026-11-02 To 2026-11-20 | Lecture | Data Structures | 09:00 - 10:00';
    const text = pdf.ops.find((op) => op[0] === 'text')!;
    expect(text).toEqual(['text', [header], 105, expect.any(Number), { align: 'center' }, 10]);
    expect(pdf.tables).toHaveLength(1);
    expect(pdf.tables[0]).toMatchObject({
      theme: 'grid',
      head: [['Name', 'Enrollment', 'Present', 'Late', 'Absent', 'Excused', 'Percentage']],
      body: [
        ['Aarav Patel', '25CE001', '2', '1', '0', '0', '100%'],
        ['Diya Shah', '25CE002', '0', '1', '2', '0', '33%'],
      ],
      columnStyles: {
        2: { halign: 'right' },
        3: { halign: 'right' },
        4: { halign: 'right' },
        5: { halign: 'right' },
        6: { halign: 'right' },
      },
      headStyles: { fillColor: [96, 96, 96], textColor: [255, 255, 255], fontStyle: 'bold' },
    });
    // The table starts below the header line.
    expect(pdf.tables[0]!.startY as number).toBeGreaterThan(text[3] as number);
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });

  it('by date: the single date in the header, Name and Enrollment only', async () => {
    const app = await query(
      'Get Attendance',
      { date: '2026-11-20' },
      {
        'GET /attendance?date=2026-11-20&slotid=slot9&slotcount=1&courseid=c1': {
          data: presentAt(STUDENTS.map(({ _id, name, enrollment }) => ({ _id, name, enrollment }))),
        },
      },
    );
    const saved = captureDownloads();
    await app.user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('2026-11-20 Data Structures.pdf');
    expect(pdf.ops.find((op) => op[0] === 'text')![1]).toEqual(['2026-11-20 | Lecture | Data Structures | 09:00 - 10:00']);
    expect(pdf.tables[0]).toMatchObject({
      head: [['Name', 'Enrollment']],
      body: [
        ['Aarav Patel', '25CE001'],
        ['Diya Shah', '25CE002'],
      ],
    });
  });

  it('says so when the PDF cannot be made', async () => {
    const app = await query(
      'Get Attendance',
      { date: '2026-11-20' },
      {
        'GET /attendance?date=2026-11-20&slotid=slot9&slotcount=1&courseid=c1': {
          data: presentAt([{ _id: STUDENTS[0]!._id, name: STUDENTS[0]!.name, enrollment: STUDENTS[0]!.enrollment }]),
        },
      },
    );
    const saved = captureDownloads();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    pdf.fail = true;
    await app.user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not make the PDF. Check your connection and try again.');
    expect(saved).toEqual([]);
  });
});

describe('view attendance: report helpers', () => {
  it("the server's percentage, rounded half up to a whole number; none when no session counts", () => {
    expect(wholePercentage(200 / 3)).toBe(67);
    expect(wholePercentage(100 / 3)).toBe(33);
    expect(wholePercentage(12.5)).toBe(13);
    expect(wholePercentage((29 / 200) * 100)).toBe(15); // 14.499999999999998 in floating point: still 15
    expect(wholePercentage(0)).toBe(0);
    expect(wholePercentage(100)).toBe(100);
    expect(wholePercentage(null)).toBeNull();
  });

  it('CSV fields: quoted for quotes, commas and line breaks; spreadsheet formulas defused', () => {
    expect(csvField('Aarav Patel')).toBe('Aarav Patel');
    expect(csvField('Patel, Aarav')).toBe('"Patel, Aarav"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-5')).toBe("'-5");
    expect(toCsv({ mode: 'date', rows: [] })).toBe('\uFEFFName,Enrollment\r\n');
  });

  it('file names: the date (or range) plus the subject, without characters file systems refuse', () => {
    const context: ReportContext = { semester: 'S', course: 'C/C++: Basics?', classKind: 'lab', slot: '09:00', date: '2026-11-20' };
    expect(fileName(context, 'pdf')).toBe('2026-11-20 C-C++- Basics-.pdf');
    expect(fileName({ ...context, enddate: '2026-11-20' }, 'csv')).toBe('2026-11-20 C-C++- Basics-.csv');
    expect(headerLine({ ...context, course: 'Networks', group: 'Batch 1A' })).toBe('2026-11-20 | Lab | Networks | 09:00 | Batch 1A');
  });
});
