/*
 * CSV files made in the browser (docs/product.md §9): one quoting rule and one line format for every
 * export, so a spreadsheet reads each the same way.
 */

// A cell a spreadsheet would read as a formula (OWASP "CSV injection") starts with one of these.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break; formulas defused. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines of cells as CSV: CRLF line ends, a UTF-8 byte order mark (Excel reads the encoding from it). */
export function csvText(lines: readonly (readonly string[])[]): string {
  return `\uFEFF${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** A CSV text as a file's content. */
export const csvBlob = (text: string): Blob => new Blob([text], { type: 'text/csv;charset=utf-8' });

/** Characters that file systems refuse (Windows' set, which covers the others) and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/** A download's name from free text: unsafe characters replaced, spaces collapsed, at most 150 characters before the extension. */
export function safeFileName(name: string, extension: string): string {
  const safe = name.replace(UNSAFE_IN_FILE_NAME, '-').replace(/\s+/g, ' ').trim();
  return `${safe.slice(0, 150)}.${extension}`;
}
