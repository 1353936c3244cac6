import { execFileSync } from 'node:child_process';

/* Reading a PDF back with poppler-utils (pdftotext, pdfimages, pdffonts), as a person would see it. */

/** pdftotext -layout: the non-empty lines, each trimmed with its runs of spaces made one. */
export const pdfLines = (pdf: string): string[] =>
  execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

/** A poppler tool's table (pdfimages -list, pdffonts): its rows after the two header lines, split into columns. */
const popplerTable = (tool: string, args: string[]) =>
  execFileSync(tool, args, { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/));

/** The pictures of the PDF (pdfimages lists each one's soft mask too, as 'smask'). */
export const imageCount = (pdf: string): number => popplerTable('pdfimages', ['-list', pdf]).filter((row) => row[2] === 'image').length;

/** The fonts the PDF embeds, by name (pdffonts also lists the standard 14, which are not embedded). */
export const embeddedFonts = (pdf: string): string[] =>
  popplerTable('pdffonts', [pdf])
    .filter((row) => row.at(-5) === 'yes')
    .map((row) => row[0]!)
    .sort();
