import type { jsPDF } from 'jspdf';
import type { LinePainter, LineStyle } from './canvas-painter';
import type { PdfFont } from './fonts';
import { scriptOf } from './scripts';

/*
 * Text that Helvetica cannot write (Devanagari and the other Indian scripts) goes into the PDF twice
 * on the same baseline:
 * - as a picture of the line shaped by the browser (LinePainter): what a reader sees and prints;
 * - as invisible text (rendering mode 3) in the embedded Noto font, one glyph per character in
 *   reading order, stretched to the picture's width: what search, copy and pdftotext read. jsPDF
 *   subsets the font to the glyphs used, and its ToUnicode map gives each back its character.
 */

export type Align = 'left' | 'center' | 'right';

/** jsPDF's parsed TrueType font (font.metadata): its cmap lookup; 0 is the missing glyph. */
interface GlyphLookup {
  characterToGlyph(code: number): number;
}

/** A piece of the line in one PDF font, from `start` in the line. */
interface Run {
  font: string;
  start: number;
  text: string;
}

export class ShapedText {
  /** Points per user unit (mm). */
  private readonly k: number;
  private readonly lookups = new Map<string, GlyphLookup>();
  private readonly fontOf = new Map<string, string>();
  private images = 0;

  constructor(
    private readonly doc: jsPDF,
    fonts: readonly PdfFont[],
    private readonly painter: LinePainter,
  ) {
    this.k = doc.internal.scaleFactor;
    for (const font of fonts) {
      doc.addFileToVFS(`${font.name}.ttf`, font.binary);
      doc.addFont(`${font.name}.ttf`, font.name, 'normal', 'normal', 'Identity-H');
      doc.setFont(font.name, 'normal');
      this.lookups.set(font.name, (doc.getFont().metadata as GlyphLookup | undefined) ?? { characterToGlyph: () => 0 });
      this.fontOf.set(font.script, font.name);
    }
    doc.setFont('helvetica', 'normal');
  }

  /** The embedded font of the first Indian script in `text` (the first font when none): the one to measure it with. */
  fontFor(text: string): string {
    for (let index = 0; index < text.length; index++) {
      const script = scriptOf(text.charCodeAt(index));
      const font = script && this.fontOf.get(script);
      if (font) return font;
    }
    return this.lookups.keys().next().value ?? 'helvetica';
  }

  /** The shaped width of `text`, in mm. */
  width(text: string, style: LineStyle): number {
    return this.painter.measure(text, style) / this.k;
  }

  /**
   * `paragraphs` broken into lines at most `width` mm wide, by shaped width, only at spaces (a word
   * is never cut: a cut inside a cluster would shape differently). A word wider than the line has its own line.
   */
  wrap(paragraphs: readonly string[], width: number, style: LineStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of paragraphs) {
      let line = '';
      for (const word of paragraph.split(/[^\S\u00A0]+/).filter(Boolean)) {
        const longer = line ? `${line} ${word}` : word;
        if (!line || this.width(longer, style) <= width) line = longer;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /**
   * Writes one line with its baseline at `baseline` (mm), aligned on `x` (its left end, centre or
   * right end); a line wider than `maxWidth` is drawn smaller to fit.
   */
  write(text: string, x: number, baseline: number, align: Align, style: LineStyle, maxWidth = Infinity): void {
    const painted = this.painter.paint(text, style);
    if (!painted) return;
    const natural = painted.advance / this.k;
    const scale = natural > maxWidth ? maxWidth / natural : 1;
    const advance = natural * scale;
    const pen = align === 'left' ? x : align === 'right' ? x - advance : x - advance / 2;
    const unit = scale / this.k;
    this.images += 1;
    this.doc.addImage(
      painted.png,
      'PNG',
      pen + painted.left * unit,
      baseline - painted.top * unit,
      painted.width * unit,
      painted.height * unit,
      `sams-line-${this.images}`,
      'SLOW',
    );
    this.writeInvisible(text, pen, baseline, style, unit * this.k);
  }

  /** The line's characters, invisible, each run in a font that has them, spread over the picture's width. */
  private writeInvisible(text: string, pen: number, baseline: number, style: LineStyle, scale: number): void {
    const { doc } = this;
    // Tz and Tr are graphics state: restored after, so the next text is drawn as usual.
    doc.saveGraphicsState();
    doc.setFontSize(style.size);
    for (const run of this.runs(text)) {
      const start = pen + this.width(text.slice(0, run.start), style) * scale;
      const shaped = this.width(run.text, style) * scale;
      doc.setFont(run.font, 'normal');
      const written = doc.getTextWidth(run.text);
      doc.text(run.text, start, baseline, {
        renderingMode: 'invisible',
        baseline: 'alphabetic',
        ...(written > 0 && shaped > 0 ? { horizontalScale: shaped / written } : {}),
      });
    }
    doc.restoreGraphicsState();
    doc.setFont('helvetica', 'normal');
  }

  /**
   * The line cut where its font changes: a character of an Indian script in that script's font;
   * any other in the font of the run it is in when that font has it, else in the first font that
   * does (Helvetica for the rest of Latin-1). A character no font has is left out of the text
   * (the picture still shows it, in the browser's own fallback font).
   */
  private runs(text: string): Run[] {
    const runs: Run[] = [];
    let current: Run | undefined;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      const script = scriptOf(code);
      const preferred = (script && this.fontOf.get(script)) ?? current?.font;
      const font = this.covering(code, preferred);
      if (!font) {
        current = undefined;
        continue;
      }
      if (current && current.font === font && current.start + current.text.length === index) current.text += text[index];
      else {
        current = { font, start: index, text: text[index]! };
        runs.push(current);
      }
    }
    return runs.filter((run) => run.text.trim() !== '');
  }

  private covering(code: number, preferred: string | undefined): string | undefined {
    const has = (font: string) =>
      font === 'helvetica'
        ? (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)
        : this.lookups.get(font)!.characterToGlyph(code) !== 0;
    if (preferred && has(preferred)) return preferred;
    return [...this.lookups.keys(), 'helvetica'].find(has);
  }
}
