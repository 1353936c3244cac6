import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { cells, columns, headerLine, TOTALS, type Report } from './report';

/*
 * The PDF export (docs/product.md §9). This module is only ever loaded by a dynamic import() when Download
 * PDF is pressed, so jsPDF and its table plugin stay out of the initial bundle and the page's chunk.
 */

/** The header line's font size (docs/product.md §9). */
export const HEADER_FONT_SIZE = 10;
/** A grey header with white bold text (docs/product.md §9); this grey keeps white text above 4.5:1 contrast. */
export const HEADER_FILL: [number, number, number] = [96, 96, 96];
const MARGIN = 14;

export function renderPdf(report: Report): Blob {
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const header = headerLine(report.context);
  doc.setProperties({ title: header, subject: 'Attendance', creator: 'SAMS' });
  doc.setLanguage('en');

  const pageWidth = doc.internal.pageSize.getWidth();
  doc.setFontSize(HEADER_FONT_SIZE);
  // Centred; a line too long for the page wraps, each part centred too.
  const lines = doc.splitTextToSize(header, pageWidth - 2 * MARGIN) as string[];
  doc.text(lines, pageWidth / 2, MARGIN + 2, { align: 'center' });

  autoTable(doc, {
    startY: MARGIN + 2 + (lines.length * doc.getLineHeight()) / doc.internal.scaleFactor + 3,
    margin: { left: MARGIN, right: MARGIN },
    theme: 'grid',
    head: [columns(report.mode)],
    body: report.rows.map((row) => cells(row, report.mode)),
    styles: { fontSize: 10 },
    headStyles: { fillColor: HEADER_FILL, textColor: [255, 255, 255], fontStyle: 'bold' },
    // The counts and the percentage (after Name and Enrollment) align right.
    columnStyles:
      report.mode === 'percentage' ? Object.fromEntries([...TOTALS, 'percentage'].map((_, index) => [index + 2, { halign: 'right' }])) : {},
  });
  return doc.output('blob');
}
