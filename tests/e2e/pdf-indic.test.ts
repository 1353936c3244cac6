import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, Semester, Slot, Term } from '@shared/schemas/structure';
import { A, C, COURSE, fillForm, SLOT, submit, useViewAttendance } from './support/view-attendance';
import { ADMIN } from './support/browser';
import { wireBody } from './support/wire';
import { embeddedFonts, imageCount, pdfLines } from '@tests/support/pdf';

/*
 * Names in Indian scripts in a PDF, in Chromium under the strict CSP against the real local stack:
 * three Division 1 students renamed (by the admin, through the API) in Devanagari, Bengali and Tamil,
 * and one whose name mixes Latin and Devanagari. The percentages over days A–C downloaded as a PDF
 * read back exactly with pdftotext (the invisible text layer), each such name is a picture (shaped
 * by the browser), and only the fonts of the scripts used are fetched, only then. Then a division
 * named in Devanagari, whose name ends the PDF's header line.
 * To look at the page by eye: E2E_SCREENSHOTS=dir keeps the PDF and its page as PNG (pdftoppm).
 */

const { t, student } = useViewAttendance();

/** Conjuncts (प्र, र्म), the short i matra before its consonant (प्रि), a reph. */
const DEVANAGARI = 'प्रिया शर्मा';
/** A split vowel (সৌ), conjuncts (ত্র, ন্দ্য, ধ্য). */
const BENGALI = 'সৌমিত্র বন্দ্যোপাধ্যায়';
/** Vowel signs before (கொ's ெ) and after, the pulli (க்). */
const TAMIL = 'கார்த்திக் கொண்டல்';
const MIXED = 'Ravi कुमार Sharma';
const RENAMED: Record<string, string> = { '25CE001': DEVANAGARI, '25CE002': BENGALI, '25CE003': TAMIL, '25CE004': MIXED };

/** A division of Semester 3 added by the admin, with one student, marked present on day A. */
const DIVISION = 'प्रभाग क';
const DIVISION_STUDENT = { enrollment: '25HI001', name: 'अर्जुन त्रिपाठी' };

let downloads = '';
let admin: Page;
/** Every font file the page fetched, by file name. */
const fontsFetched: string[] = [];
/** The font files fetched, each once, without Vite's hash: 'NotoSansTamil_400Regular'. */
const fetchedScripts = () => [...new Set(fontsFetched.map((file) => file.replace(/-[\w-]+\.ttf$/, '')))].sort();
const THREE_SCRIPTS = ['NotoSansBengali_400Regular', 'NotoSansDevanagari_400Regular', 'NotoSansTamil_400Regular'];
const recordFont = (request: Request) => {
  const file = new URL(request.url()).pathname.split('/').pop()!;
  if (file.endsWith('.ttf')) fontsFetched.push(file);
};

beforeAll(async () => {
  downloads = mkdtempSync(join(tmpdir(), 'sams-pdf-indic-'));
  admin = await t.e2e.signedInPage(ADMIN);
  for (const [enrollment, name] of Object.entries(RENAMED)) {
    const response = await admin.request.patch(`/api/v1/student/${student(enrollment)._id}`, { data: { name } });
    expect(response.status(), await response.text()).toBe(200);
  }
  t.page.on('request', recordFont);
});
afterAll(() => {
  t.page.off('request', recordFont);
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

async function downloadPdf(): Promise<string> {
  const [file] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('button', { name: 'Download PDF' }).click()]);
  const path = join(downloads, file.suggestedFilename());
  await file.saveAs(path);
  return path;
}

/**
 * How much of each picture is ink: the share of its soft mask's pixels more than half opaque (a blank
 * picture has none, an inverted one most). pdfimages writes each image, then its soft mask, as PPM.
 */
function inkShares(pdf: string): number[] {
  execFileSync('pdfimages', [pdf, join(downloads, 'picture')]);
  const files = readdirSync(downloads)
    .filter((file) => file.startsWith('picture-'))
    .sort();
  const shares = files
    .filter((_, index) => index % 2 === 1)
    .map((file) => {
      const ppm = readFileSync(join(downloads, file));
      const [, kind, width, height] = /^P([56])\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40))!;
      const channels = kind === '6' ? 3 : 1;
      const pixels = ppm.subarray(ppm.length - Number(width) * Number(height) * channels).filter((_, index) => index % channels === 0);
      return pixels.filter((value) => value > 128).length / pixels.length;
    });
  for (const file of files) rmSync(join(downloads, file));
  return shares;
}

describe('e2e PDF: names in Indian scripts', () => {
  it('a PDF with only Latin names (Division 2) fetches no font and draws no picture', async () => {
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', group: 'Division 2', date: A, enddate: C });
    await submit(t.page, 'Get Percentage');
    const pdf = await downloadPdf();
    expect(fontsFetched).toEqual([]);
    expect(imageCount(pdf)).toBe(0);
    expect(embeddedFonts(pdf)).toEqual([]);
    expect(pdfLines(pdf)).toContain(`${student('25CE031').name} 25CE031 1 0 0 0 100%`);
  });

  it('Division 1: the names read back exactly, each a shaped picture, with only the Devanagari, Bengali and Tamil fonts', async () => {
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', group: 'Division 1', date: A, enddate: C });
    await submit(t.page, 'Get Percentage');
    // The screen shows them in the app's own fonts of those scripts (web/src/app/script-fonts.css; this
    // machine has none of its own), fetched because the page draws them: only those three, and only now.
    for (const name of Object.values(RENAMED)) await t.page.getByRole('cell', { name, exact: true }).waitFor();
    await expect.poll(() => fetchedScripts()).toEqual(THREE_SCRIPTS);
    const screenFaces = await t.page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.family === 'SAMS Noto Sans Indic').map((face) => face.status);
    });
    expect(screenFaces.filter((status) => status === 'loaded')).toHaveLength(3);
    expect(screenFaces).toHaveLength(9);
    const pdf = await downloadPdf();

    const lines = pdfLines(pdf);
    expect(lines[0]).toBe(`From ${A} To ${C} | Lecture | Data Structures | ${SLOT} | Division 1`);
    expect(lines).toContain(`${DEVANAGARI} 25CE001 3 0 0 0 100%`);
    expect(lines).toContain(`${BENGALI} 25CE002 3 0 0 0 100%`);
    expect(lines).toContain(`${TAMIL} 25CE003 2 0 1 0 67%`);
    expect(lines).toContain(`${MIXED} 25CE004 1 0 2 0 33%`);
    expect(lines.filter((line) => /^.+ 25CE\d{3} (\d+ ){4}\d+%$/.test(line))).toHaveLength(30);

    // One picture per name in an Indian script; the other 26 names stay text.
    expect(imageCount(pdf)).toBe(4);
    const shares = inkShares(pdf);
    expect(shares).toHaveLength(4);
    for (const share of shares) {
      expect(share).toBeGreaterThan(0.05);
      expect(share).toBeLessThan(0.5);
    }
    // Drawn in the bundled fonts, loaded from their bytes (not the system's: a missing font would draw boxes).
    const faces = await t.page.evaluate(() =>
      [...document.fonts].filter((face) => face.family.startsWith('SAMS PDF')).map((face) => `${face.family}: ${face.status}`),
    );
    expect(faces.sort()).toEqual([
      'SAMS PDF Noto Sans Bengali: loaded',
      'SAMS PDF Noto Sans Devanagari: loaded',
      'SAMS PDF Noto Sans Tamil: loaded',
    ]);
    expect(embeddedFonts(pdf)).toEqual(['NotoSansBengali', 'NotoSansDevanagari', 'NotoSansTamil']);
    // The PDF uses the same three files (fetched again or from the cache), and no other.
    expect(fetchedScripts()).toEqual(THREE_SCRIPTS);

    // pdftoppm renders it (the page to look at with E2E_SCREENSHOTS).
    const png = join(downloads, 'page');
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', pdf, png]);
    const rendered = readdirSync(downloads).find((file) => file.startsWith('page') && file.endsWith('.png'));
    expect(rendered).toBeDefined();
    if (process.env.E2E_SCREENSHOTS) {
      mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
      copyFileSync(pdf, join(process.env.E2E_SCREENSHOTS, 'pdf-indic.pdf'));
      copyFileSync(join(downloads, rendered!), join(process.env.E2E_SCREENSHOTS, 'pdf-indic.png'));
    }
  });

  it('a second PDF fetches no font again', async () => {
    const before = fontsFetched.length;
    await downloadPdf();
    expect(fontsFetched).toHaveLength(before);
  });

  it('a division named in Devanagari: the header line is a shaped picture too, centred, and reads back exactly', async () => {
    const post = async (path: string, data: Record<string, unknown>, page = admin) => {
      const response = await page.request.post(`/api/v1${path}`, { data: wireBody(data) });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: { _id: string } }).data._id;
    };
    const term = (await t.getData<Term[]>('/term/active'))[0]!;
    const semester = (await t.getData<Semester[]>(`/semester/${term._id}`)).find((item) => item.name === 'Semester 3')!;
    const course = (await t.getData<Course[]>(`/course/${semester._id}`)).find((item) => item.name === COURSE)!;
    const slot = (await t.getData<Slot[]>(`/slot/${term._id}`)).find((item) => item.name === SLOT)!;
    const division = await post('/division', { name: DIVISION, semid: semester._id });
    const batch = await post('/batch', { name: 'बैच क१', divisionid: division });
    const student = await post('/student', { ...DIVISION_STUDENT, email: 'arjun@college.test', batchid: batch });
    await post(
      '/attendance',
      { date: A, slotid: slot._id, classKind: 'lecture', courseid: course._id, groupid: division, presentStudentIds: [student] },
      t.page,
    );

    // A fresh load: the screen's lists of divisions were read before this one was added.
    await t.page.reload();
    await t.page.getByRole('heading', { level: 1, name: 'View Attendance' }).waitFor();
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', group: DIVISION, date: A, enddate: C });
    await submit(t.page, 'Get Percentage');
    const pdf = await downloadPdf();
    expect(pdfLines(pdf)).toEqual([
      `From ${A} To ${C} | Lecture | ${COURSE} | ${SLOT} | ${DIVISION}`,
      'Name Enrollment Present Late Absent Excused Percentage',
      `${DIVISION_STUDENT.name} ${DIVISION_STUDENT.enrollment} 1 0 0 0 100%`,
    ]);
    // The header line and the name.
    expect(imageCount(pdf)).toBe(2);
    expect(embeddedFonts(pdf)).toEqual(['NotoSansDevanagari']);
    if (process.env.E2E_SCREENSHOTS) copyFileSync(pdf, join(process.env.E2E_SCREENSHOTS, 'pdf-indic-header.pdf'));
  });

  it('ran all of the above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
