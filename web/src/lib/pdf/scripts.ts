/*
 * Which text jsPDF's built-in Helvetica can write, and which Indian scripts the rest is in: the PDF
 * fetches only the fonts of the scripts its text uses (docs/decisions.md, "Indian scripts in PDFs").
 */

/** The Indian scripts a PDF can print, each with a Noto Sans font (web/src/lib/pdf/fonts.ts). */
export const SCRIPTS = ['devanagari', 'bengali', 'gurmukhi', 'gujarati', 'oriya', 'tamil', 'telugu', 'kannada', 'malayalam'] as const;
export type Script = (typeof SCRIPTS)[number];

/** Each script's Unicode blocks (Devanagari also its Extended and the Vedic Extensions blocks). */
const BLOCKS: ReadonlyArray<readonly [Script, number, number]> = [
  ['devanagari', 0x0900, 0x097f],
  ['bengali', 0x0980, 0x09ff],
  ['gurmukhi', 0x0a00, 0x0a7f],
  ['gujarati', 0x0a80, 0x0aff],
  ['oriya', 0x0b00, 0x0b7f],
  ['tamil', 0x0b80, 0x0bff],
  ['telugu', 0x0c00, 0x0c7f],
  ['kannada', 0x0c80, 0x0cff],
  ['malayalam', 0x0d00, 0x0d7f],
  ['devanagari', 0x1cd0, 0x1cff],
  ['devanagari', 0xa8e0, 0xa8ff],
];

/** The script of one character (a UTF-16 code unit), if it is one of SCRIPTS. */
export function scriptOf(code: number): Script | undefined {
  for (const [script, first, last] of BLOCKS) if (code >= first && code <= last) return script;
  return undefined;
}

/** Printable Latin-1 (and the tab): what jsPDF's standard fonts encode (WinAnsiEncoding agrees with Latin-1 there). */
const isLatin1 = (code: number) => code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);

/** Whether Helvetica writes `text` as it is: nothing outside printable Latin-1 (a line break is a new line). */
export function isPlainText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!isLatin1(code) && code !== 0x0a && code !== 0x0d) return false;
  }
  return true;
}

/**
 * The scripts whose fonts `texts` need, in the order they first appear. Text outside Latin-1 in no
 * Indian script (say 'Łukasz', or a '—') needs one too, for its searchable text layer: Devanagari's,
 * whose Noto font also covers Latin Extended-A and the common punctuation.
 */
export function scriptsOf(texts: Iterable<string>): Script[] {
  const found = new Set<Script>();
  let other = false;
  for (const text of texts) {
    if (isPlainText(text)) continue;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      const script = scriptOf(code);
      if (script) found.add(script);
      else if (!isLatin1(code) && code !== 0x0a && code !== 0x0d) other = true;
    }
  }
  if (other && found.size === 0) found.add('devanagari');
  return [...found];
}
