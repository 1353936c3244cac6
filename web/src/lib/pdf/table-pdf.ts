import { jsPDF } from 'jspdf';
import { autoTable, type CellHookData, type Color, type Styles } from 'jspdf-autotable';
import { canvasPainter, type LineStyle } from './canvas-painter';
import { loadFonts } from './fonts';
import { isPlainText, scriptsOf } from './scripts';
import { ShapedText, type Align } from './shaped-text';

/*
 * A table as a PDF (docs/product.md §9: the View Attendance export, the defaulter list): A4, a
 * centred header line, a grid with a grey header row. Only ever loaded by a dynamic import() when a
 * PDF is asked for, so jsPDF, its table plugin and the fonts stay out of the initial bundle.
 *
 * Names in Devanagari and the other Indian scripts print correctly: the Noto font of each script the
 * text uses is fetched then (web/src/lib/pdf/fonts.ts), the browser shapes each such line on a canvas
 * and the PDF shows that picture, over the same text written invisibly in the embedded font so that
 * it can still be searched, copied and read by pdftotext (shaped-text.ts; docs/decisions.md). Text in
 * Latin-1 is written as text, in Helvetica.
 */

/** One table of the PDF. */
export interface PdfTable {
  head: string[];
  body: string[][];
  /** Column indexes to align right (numbers). */
  rightAligned?: number[];
  /** Row indexes to highlight (e.g. students under the threshold): a light fill. */
  highlighted?: number[];
  /** Drawn as lines of text under a bold heading (its `head`, on its first page only): no grid, no fill. */
  plain?: boolean;
}

export interface TablePdf extends PdfTable {
  /** The centred header line(s) at the top, font size 10. */
  title: string;
  /** The table(s) drawn first, under the header, in order (a student's standing before their sessions). */
  before?: PdfTable | readonly PdfTable[];
  /** PDF metadata subject. */
  subject: string;
}

/** The space between two tables, in mm. */
const TABLE_GAP = 6;

/** The header line's font size (docs/product.md §9). */
export const HEADER_FONT_SIZE = 10;
/** A grey header with white bold text (docs/product.md §9); this grey keeps white text above 4.5:1 contrast. */
export const HEADER_FILL: [number, number, number] = [96, 96, 96];
/** A highlighted row's fill: the web app's --danger-soft, light enough for the text on it to keep its contrast. */
export const HIGHLIGHT_FILL: [number, number, number] = [253, 236, 234];
const BODY_FONT_SIZE = 10;
const MARGIN = 14;
/** autoTable's placing of a line's baseline below the top of its text box (its PHYSICAL_LINE_HEIGHT of 1.15). */
const BASELINE_FACTOR = 2 - 1.15;

export async function renderTablePdf(spec: TablePdf): Promise<Blob> {
  // Fonts (and the canvas that shapes with them) only when some text is outside Latin-1.
  const tables = [...[spec.before ?? []].flat(), spec];
  const fonts = await loadFonts(scriptsOf([spec.title, ...tables.flatMap((table) => [...table.head, ...table.body.flat()])]));
  const painter = fonts.length > 0 ? await canvasPainter(fonts) : undefined;

  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.setProperties({ title: spec.title, subject: spec.subject, creator: 'SAMS' });
  doc.setLanguage('en');
  const shaped = painter && new ShapedText(doc, fonts, painter);

  const pageWidth = doc.internal.pageSize.getWidth();
  const textWidth = pageWidth - 2 * MARGIN;
  const top = MARGIN + 2;
  doc.setFontSize(HEADER_FONT_SIZE);
  // Centred; a line too long for the page wraps, each part centred too.
  let titleLines: number;
  if (shaped && !isPlainText(spec.title)) {
    const style: LineStyle = { size: HEADER_FONT_SIZE, bold: false, color: [0, 0, 0] };
    const lineHeight = doc.getLineHeight() / doc.internal.scaleFactor;
    const lines = shaped.wrap(spec.title.split(/\r\n|\r|\n/), textWidth, style);
    lines.forEach((line, index) => shaped.write(line, pageWidth / 2, top + index * lineHeight, 'center', style, textWidth));
    titleLines = lines.length;
  } else {
    const lines = doc.splitTextToSize(spec.title, textWidth) as string[];
    doc.text(lines, pageWidth / 2, top, { align: 'center' });
    titleLines = lines.length;
  }

  /** The cells set as pictures (by their styles, which a cell split over two pages keeps): how to draw them. */
  const shapedStyles = new WeakMap<Styles, LineStyle>();
  /**
   * Their lines, kept by willDrawCell, which empties the text autoTable would write, for didDrawCell
   * (and for the next page's header row, the same cells drawn again).
   */
  const shapedLines = new WeakMap<object, string[]>();

  let startY = top + (titleLines * doc.getLineHeight()) / doc.internal.scaleFactor + 3;
  for (const table of tables) {
    const highlighted = new Set(table.highlighted);
    autoTable(doc, {
      startY,
      margin: { left: MARGIN, right: MARGIN },
      theme: table.plain ? 'plain' : 'grid',
      head: [table.head],
      body: table.body,
      showHead: table.plain ? 'firstPage' : 'everyPage',
      styles: { fontSize: BODY_FONT_SIZE },
      headStyles: table.plain
        ? { textColor: [0, 0, 0], fontStyle: 'bold' }
        : { fillColor: HEADER_FILL, textColor: [255, 255, 255], fontStyle: 'bold' },
      columnStyles: Object.fromEntries((table.rightAligned ?? []).map((index) => [index, { halign: 'right' }])),
      didParseCell({ cell, section, row }: CellHookData) {
        if (section === 'body' && highlighted.has(row.index)) cell.styles.fillColor = HIGHLIGHT_FILL;
        const text = cell.text.join('\n');
        if (!shaped || isPlainText(text)) return;
        const { styles } = cell;
        const style: LineStyle = { size: styles.fontSize, bold: /bold/.test(styles.fontStyle), color: rgbOf(styles.textColor) };
        shapedStyles.set(styles, style);
        // autoTable sizes the column with the embedded font's widths; the lines break by the shaped widths.
        styles.font = shaped.fontFor(text);
        styles.fontStyle = 'normal';
        styles.overflow = (lines, width) => shaped.wrap(Array.isArray(lines) ? lines : [lines], width, style);
      },
      willDrawCell({ cell }: CellHookData) {
        if (!shapedStyles.has(cell.styles)) return;
        if (!shapedLines.has(cell)) shapedLines.set(cell, cell.text);
        cell.text = [''];
      },
      didDrawCell({ cell }: CellHookData) {
        const style = shapedStyles.get(cell.styles);
        const lines = shapedLines.get(cell);
        if (!shaped || !style || !lines) return;
        // Where autoTable would have written these lines (its autoTableText), each on its baseline.
        const fontSize = style.size / doc.internal.scaleFactor;
        const lineHeight = fontSize * doc.getLineHeightFactor();
        const { x, y } = cell.getTextPos();
        const { valign, halign } = cell.styles;
        let baseline = y + fontSize * BASELINE_FACTOR;
        if (valign === 'middle') baseline -= (lines.length / 2) * lineHeight;
        else if (valign === 'bottom') baseline -= lines.length * lineHeight;
        const align: Align = halign === 'center' || halign === 'right' ? halign : 'left';
        const room = cell.width - cell.padding('horizontal');
        for (const line of lines) {
          shaped.write(line, x, baseline, align, style, room);
          baseline += lineHeight;
        }
      },
    });
    // The next table starts under this one (autoTable keeps where it ended on the document).
    startY = ((doc as jsPDF & { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? startY) + TABLE_GAP;
  }
  return doc.output('blob');
}

/** autoTable's colour (an RGB triple, a grey level or a '#rrggbb' string) as red, green, blue. */
function rgbOf(color: Color): [number, number, number] {
  if (Array.isArray(color)) return color;
  if (typeof color === 'number') return [color, color, color];
  const hex = typeof color === 'string' && /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  return hex ? [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)] : [0, 0, 0];
}
