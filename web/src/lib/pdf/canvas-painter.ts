import type { PdfFont } from './fonts';
import { inkPng } from './png';

/*
 * The browser shapes the text (its HarfBuzz: conjuncts, the short i matra placed before its
 * consonant, split vowels, reph): each line is drawn on a canvas in the bundled Noto font, and the
 * PDF shows that picture. jsPDF alone would only place one glyph per character, unshaped.
 */

/** Canvas pixels per PDF point: 6 is 432 dpi, sharp in print and when zoomed. */
const PX_PER_PT = 6;
/** Blank pixels around the ink, so antialiasing is not cut off. */
const PAD_PX = 2;

export interface LineStyle {
  /** Font size in points. */
  size: number;
  bold: boolean;
  /** Red, green, blue, 0–255. */
  color: readonly [number, number, number];
}

/** A line drawn as a picture: a PNG, and where it sits, in points, from the pen at the baseline. */
export interface PaintedLine {
  png: Uint8Array;
  /** How far the pen moves (what alignment uses). */
  advance: number;
  /** The picture's left edge from the pen, and its top above the baseline. */
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface LinePainter {
  /** The width of `text` once shaped, in points. */
  measure(text: string, style: LineStyle): number;
  /** `text` shaped and drawn; undefined for a line with nothing to see. */
  paint(text: string, style: LineStyle): PaintedLine | undefined;
}

const registered = new Map<string, Promise<void>>();

/** Adds the fonts to the page's FontFaceSet (once per page load), from their bytes: no fetch, nothing for the CSP to allow. */
function register(font: PdfFont): Promise<void> {
  let done = registered.get(font.family);
  if (!done) {
    const face = new FontFace(font.family, font.bytes.slice(0), { style: 'normal', weight: '400' });
    done = face.load().then((loaded) => {
      document.fonts.add(loaded);
    });
    registered.set(font.family, done);
    done.catch(() => registered.delete(font.family));
  }
  return done;
}

/** A painter that sets text in `fonts` (in that order of preference), then the browser's sans-serif. */
export async function canvasPainter(fonts: readonly PdfFont[]): Promise<LinePainter> {
  await Promise.all(fonts.map(register));
  const families = [...fonts.map((font) => JSON.stringify(font.family)), 'sans-serif'].join(', ');
  const cssFont = (style: LineStyle) => `${style.bold ? 'bold ' : ''}${style.size * PX_PER_PT}px ${families}`;
  // One canvas, read back once per line.
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to shape the text');

  return {
    measure(text, style) {
      context.font = cssFont(style);
      return context.measureText(text).width / PX_PER_PT;
    },
    paint(text, style) {
      if (text.trim() === '') return undefined;
      context.font = cssFont(style);
      const metrics = context.measureText(text);
      const left = Math.ceil(metrics.actualBoundingBoxLeft) + PAD_PX;
      const top = Math.ceil(metrics.actualBoundingBoxAscent) + PAD_PX;
      const width = left + Math.ceil(metrics.actualBoundingBoxRight) + PAD_PX;
      const height = top + Math.ceil(metrics.actualBoundingBoxDescent) + PAD_PX;
      if (width <= 2 * PAD_PX || height <= 2 * PAD_PX) return undefined;
      // Resizing clears the canvas and its state: the font is set again after.
      canvas.width = width;
      canvas.height = height;
      context.font = cssFont(style);
      context.fillStyle = '#000';
      context.textBaseline = 'alphabetic';
      context.fillText(text, left, top);
      // The ink as alpha; the colour goes in whole (see png.ts).
      const pixels = context.getImageData(0, 0, width, height).data;
      const alpha = new Uint8Array(width * height);
      for (let index = 0; index < alpha.length; index++) alpha[index] = pixels[index * 4 + 3]!;
      return {
        png: inkPng(width, height, style.color, alpha),
        advance: metrics.width / PX_PER_PT,
        left: -left / PX_PER_PT,
        top: top / PX_PER_PT,
        width: width / PX_PER_PT,
        height: height / PX_PER_PT,
      };
    },
  };
}
