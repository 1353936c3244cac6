import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinePainter, LineStyle } from '@web/lib/pdf/canvas-painter';
import { inkPng } from '@web/lib/pdf/png';
import { isPlainText, scriptsOf } from '@web/lib/pdf/scripts';
import { renderTablePdf, type TablePdf } from '@web/lib/pdf/table-pdf';
import { embeddedFonts, imageCount, pdfLines } from '@tests/support/pdf';

/*
 * The shared PDF table (web/src/lib/pdf/table-pdf.ts) with the real jsPDF and its table plugin and
 * the real Noto fonts, read back with pdftotext, pdfimages and pdffonts. Only the browser's part is
 * replaced: the canvas that shapes a line (the real one runs in Chromium: tests/e2e/pdf-indic) is a
 * recorder that answers a blank picture, and fetch reads the font files from node_modules.
 */

const painter = vi.hoisted(() => ({
  painted: [] as { text: string; style: LineStyle }[],
  fonts: [] as string[][],
}));

vi.mock('@web/lib/pdf/canvas-painter', () => ({
  canvasPainter: async (fonts: { name: string }[]): Promise<LinePainter> => {
    painter.fonts.push(fonts.map((font) => font.name));
    // Half an em per character; a picture of 4 × 2 pixels.
    const measure = (text: string, style: LineStyle) => text.length * style.size * 0.5;
    return {
      measure,
      paint(text, style) {
        painter.painted.push({ text, style });
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

const fetched: string[] = [];
let failFetch = false;

beforeEach(() => {
  painter.painted = [];
  painter.fonts = [];
  fetched.length = 0;
  failFetch = false;
  // The font URLs Vite gives in tests ('/node_modules/…ttf'), served from the disk.
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url.split('/').pop()!.replace(/\?.*$/, ''));
    if (failFetch) return new Response('offline', { status: 503 });
    return new Response(readFileSync(join(process.cwd(), decodeURIComponent(new URL(url, 'http://x').pathname))));
  });
});

const dir = mkdtempSync(join(tmpdir(), 'sams-pdf-table-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Renders the spec and saves it; answers the file's path. */
async function render(spec: TablePdf, name: string): Promise<string> {
  const blob = await renderTablePdf(spec);
  expect(blob.type).toBe('application/pdf');
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, Buffer.from(await blob.arrayBuffer()));
  return path;
}

/** The page's drawing operators (its content streams, inflated). */
function contents(pdf: string): string {
  const bytes = readFileSync(pdf);
  const streams: string[] = [];
  for (const match of bytes.toString('latin1').matchAll(/\/Filter \/FlateDecode[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = bytes.indexOf('endstream', start);
    try {
      streams.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // an image's or a font's stream with a predictor: not drawing operators
    }
  }
  return streams.join('\n');
}
/** jsPDF's fill colour operator for an RGB triple (two decimals). */
const fill = (rgb: number[]) => `${rgb.map((value) => (value / 255).toFixed(2)).join(' ')} rg`;

const TITLE = 'From 2026-11-02 To 2026-11-20 | Lecture | Data Structures | 09:00 - 10:00';

describe('renderTablePdf: Latin text', () => {
  it('writes the header line and the table in Helvetica: no font fetched, no picture, the highlighted rows filled', async () => {
    const pdf = await render(
      {
        title: TITLE,
        head: ['Name', 'Enrollment', 'Percentage'],
        body: [
          ['Aarav Patel', '25CE001', '100%'],
          ['Zoë Fernández', '25CE002', '33%'],
        ],
        rightAligned: [2],
        highlighted: [1],
        subject: 'Defaulters',
      },
      'latin',
    );
    expect(fetched).toEqual([]);
    expect(painter.fonts).toEqual([]);
    expect(imageCount(pdf)).toBe(0);
    expect(embeddedFonts(pdf)).toEqual([]);
    expect(pdfLines(pdf)).toEqual([TITLE, 'Name Enrollment Percentage', 'Aarav Patel 25CE001 100%', 'Zoë Fernández 25CE002 33%']);
    expect(contents(pdf)).toContain(fill([253, 236, 234]));
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(info).toMatch(/^Title:\s+From 2026-11-02 To 2026-11-20/m);
    expect(info).toMatch(/^Subject:\s+Defaulters$/m);
    expect(info).toMatch(/^Creator:\s+SAMS$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
  });

  it('no row highlighted: no such fill', async () => {
    const pdf = await render({ title: TITLE, head: ['Name'], body: [['Aarav Patel']], subject: 'Attendance' }, 'plain');
    expect(contents(pdf)).not.toContain(fill([253, 236, 234]));
  });
});

describe('renderTablePdf: Indian scripts', () => {
  it('fetches only the Devanagari font; each Devanagari line is a picture over its text, which reads back exactly', async () => {
    const pdf = await render(
      {
        title: 'हिन्दी साहित्य | Lecture',
        head: ['नाम', 'Enrollment', 'Percentage'],
        body: [
          ['प्रिया शर्मा', '25CE001', '100%'],
          ['Aarav Patel', '25CE002', '67%'],
          ['Ravi कुमार Łukasz', '25CE003', '33%'],
        ],
        rightAligned: [2],
        highlighted: [2],
        subject: 'Attendance',
      },
      'devanagari',
    );
    expect(fetched).toEqual(['NotoSansDevanagari_400Regular.ttf']);
    expect(painter.fonts).toEqual([['NotoSansDevanagari']]);
    // The title, the header's first cell and two names; the rest is Helvetica text.
    expect(painter.painted).toEqual([
      { text: 'हिन्दी साहित्य | Lecture', style: { size: 10, bold: false, color: [0, 0, 0] } },
      { text: 'नाम', style: { size: 10, bold: true, color: [255, 255, 255] } },
      { text: 'प्रिया शर्मा', style: { size: 10, bold: false, color: [80, 80, 80] } },
      { text: 'Ravi कुमार Łukasz', style: { size: 10, bold: false, color: [80, 80, 80] } },
    ]);
    expect(imageCount(pdf)).toBe(4);
    expect(embeddedFonts(pdf)).toEqual(['NotoSansDevanagari']);
    expect(pdfLines(pdf)).toEqual([
      'हिन्दी साहित्य | Lecture',
      'नाम Enrollment Percentage',
      'प्रिया शर्मा 25CE001 100%',
      'Aarav Patel 25CE002 67%',
      'Ravi कुमार Łukasz 25CE003 33%',
    ]);
    // The text under the pictures is invisible (rendering mode 3), and the highlight is still drawn.
    expect(contents(pdf)).toContain('3 Tr');
    expect(contents(pdf)).toContain(fill([253, 236, 234]));
  });

  it('fetches the font of each script used, once per page load', async () => {
    const spec = {
      title: TITLE,
      head: ['Name', 'Enrollment'],
      body: [
        ['সৌমিত্র বন্দ্যোপাধ্যায়', '25CE001'],
        ['கார்த்திக்', '25CE002'],
      ],
      subject: 'Attendance',
    };
    const pdf = await render(spec, 'bengali-tamil');
    expect(fetched).toEqual(['NotoSansBengali_400Regular.ttf', 'NotoSansTamil_400Regular.ttf']);
    expect(embeddedFonts(pdf)).toEqual(['NotoSansBengali', 'NotoSansTamil']);
    expect(pdfLines(pdf)).toEqual([TITLE, 'Name Enrollment', 'সৌমিত্র বন্দ্যোপাধ্যায় 25CE001', 'கார்த்திக் 25CE002']);
    await render(spec, 'again');
    expect(fetched).toHaveLength(2);
  });

  it('a long name breaks into lines at spaces, by its shaped width, each line its own picture', async () => {
    const name = 'अ'.repeat(30) + ' ' + 'ब'.repeat(30) + ' ' + 'क'.repeat(12);
    const numbers = Array.from({ length: 14 }, (_, index) => `Column ${index + 1}`);
    const pdf = await render(
      { title: TITLE, head: ['Name', ...numbers], body: [[name, ...numbers.map(String)]], subject: 'Attendance' },
      'wrap',
    );
    const lines = painter.painted.map((line) => line.text);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(name);
    expect(lines.every((line) => !line.startsWith(' ') && !line.endsWith(' '))).toBe(true);
    expect(imageCount(pdf)).toBe(lines.length);
  });

  it('over several pages: the header row, repeated on each page, keeps its Devanagari heading', async () => {
    const body = Array.from({ length: 70 }, (_, index) => [`शर्मा ${index + 1}`, `25CE${String(index + 1).padStart(3, '0')}`]);
    const pdf = await render({ title: TITLE, head: ['नाम', 'Enrollment'], body, subject: 'Attendance' }, 'pages');
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
    expect(pages).toBeGreaterThan(1);
    expect(painter.painted.filter((line) => line.text === 'नाम')).toHaveLength(pages);
    const lines = pdfLines(pdf);
    expect(lines.filter((line) => line === 'नाम Enrollment')).toHaveLength(pages);
    for (const [name, enrollment] of body) expect(lines).toContain(`${name} ${enrollment}`);
    expect(imageCount(pdf)).toBe(pages + body.length);
  });

  it('a font that cannot be fetched fails the PDF; the next one fetches it again', async () => {
    const spec = { title: TITLE, head: ['Name'], body: [['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ']], subject: 'Attendance' };
    failFetch = true;
    await expect(render(spec, 'offline')).rejects.toThrow(/gurmukhi font answered 503/);
    failFetch = false;
    const pdf = await render(spec, 'online');
    expect(fetched).toEqual(['NotoSansGurmukhi_400Regular.ttf', 'NotoSansGurmukhi_400Regular.ttf']);
    expect(pdfLines(pdf)).toContain('ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ');
  });
});

describe('which text needs which font', () => {
  it('Latin-1 is plain; anything else is not', () => {
    expect(isPlainText('Zoë Fernández, Ångström')).toBe(true);
    expect(isPlainText('प्रिया')).toBe(false);
    expect(isPlainText('Łukasz')).toBe(false);
    expect(isPlainText('A – B')).toBe(false);
  });

  it('the scripts in order of first appearance; other text outside Latin-1 takes the Devanagari font', () => {
    expect(scriptsOf(['Aarav', 'Zoë'])).toEqual([]);
    expect(scriptsOf(['ગુજરાતી', 'ଓଡ଼ିଆ ও বাংলা', 'తెలుగు', 'ಕನ್ನಡ', 'മലയാളം', 'தமிழ்', 'ਪੰਜਾਬੀ', 'हिन्दी'])).toEqual([
      'gujarati',
      'oriya',
      'bengali',
      'telugu',
      'kannada',
      'malayalam',
      'tamil',
      'gurmukhi',
      'devanagari',
    ]);
    expect(scriptsOf(['Łukasz'])).toEqual(['devanagari']);
    expect(scriptsOf(['Łukasz', 'தமிழ்'])).toEqual(['tamil']);
  });
});
