import { describe, expect, it } from 'vitest';
import { csvBlob, csvField, csvText, safeFileName } from '@web/lib/csv';

/** The CSV files the browser makes (docs/product.md §9), read the same way by every spreadsheet. */
describe('a CSV field', () => {
  it('is left as it is when it holds nothing special', () => {
    expect(csvField('Aarav Patel')).toBe('Aarav Patel');
    expect(csvField('')).toBe('');
    expect(csvField("O'Brien")).toBe("O'Brien");
    expect(csvField('आरव पटेल')).toBe('आरव पटेल');
  });

  it('is quoted when it holds a comma, a quote or a line break, its quotes doubled', () => {
    expect(csvField('Patel, Aarav')).toBe('"Patel, Aarav"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+91 98765 43210', "'+91 98765 43210"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'], // quoted too: it holds a line break
  ])('is defused with a leading quote when it starts like a formula: %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('is defused, then quoted, when a formula holds a comma or a quote', () => {
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvField('\r=1')).toBe('"\'\r=1"');
  });

  it('is not defused for those characters anywhere but at the start', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('CE-2026-01')).toBe('CE-2026-01');
    expect(csvField('x@college.test')).toBe('x@college.test');
  });
});

describe('a CSV text', () => {
  it('starts with a byte order mark and ends every line, the last too, with CRLF', () => {
    const text = csvText([
      ['Name', 'Enrollment'],
      ['Patel, Aarav', 'CE2'],
      ['=cmd', 'CE3'],
    ]);
    expect(text).toBe('\uFEFFName,Enrollment\r\n"Patel, Aarav",CE2\r\n\'=cmd,CE3\r\n');
  });

  it('is a UTF-8 file whose first bytes are the byte order mark', async () => {
    const blob = csvBlob(csvText([['आरव']]));
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFआरव\r\n');
  });
});

describe('a file name', () => {
  it('replaces each run of characters file systems refuse with a dash', () => {
    expect(safeFileName('2026-11-20 C/C++: Basics?', 'csv')).toBe('2026-11-20 C-C++- Basics-.csv');
    expect(safeFileName('a\\b*c"d<e>f|g', 'pdf')).toBe('a-b-c-d-e-f-g.pdf');
    expect(safeFileName('a\u0000\u001fb\u007fc', 'csv')).toBe('a-b-c.csv');
    expect(safeFileName('../../etc/passwd', 'csv')).toBe('..-..-etc-passwd.csv');
  });

  it('collapses and trims spaces, and keeps other scripts', () => {
    expect(safeFileName('  Semester 3   Physics  Lab  ', 'csv')).toBe('Semester 3 Physics Lab.csv');
    expect(safeFileName('Physics\tLab', 'csv')).toBe('Physics-Lab.csv'); // a tab is a control character
    expect(safeFileName('भौतिकी 2026', 'pdf')).toBe('भौतिकी 2026.pdf');
  });

  it('keeps at most 150 characters before the extension', () => {
    const name = safeFileName('x'.repeat(400), 'csv');
    expect(name).toBe(`${'x'.repeat(150)}.csv`);
  });
});
