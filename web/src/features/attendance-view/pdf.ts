import { renderTablePdf } from '@web/lib/pdf/table-pdf';
import { cells, columns, exportsByDay, headerLine, TOTALS, type Report } from './report';

/*
 * The PDF export (docs/product.md §9), a table of web/src/lib/pdf/table-pdf.ts (which also prints names in
 * Indian scripts). This module is only ever loaded by a dynamic import() when Download PDF is pressed, so
 * jsPDF, its table plugin and the fonts stay out of the initial bundle and the page's chunk.
 */

export { HEADER_FILL, HEADER_FONT_SIZE } from '@web/lib/pdf/table-pdf';

export function renderPdf(report: Report): Promise<Blob> {
  const byDay = exportsByDay(report);
  return renderTablePdf({
    title: headerLine(report.context),
    head: columns(report.mode, byDay),
    body: report.rows.map((row) => cells(row, report.mode, byDay)),
    // The counts and the percentage (after Name and Enrollment) align right.
    rightAligned: report.mode === 'percentage' ? [...TOTALS, 'percentage'].map((_, index) => index + 2) : [],
    subject: 'Attendance',
  });
}
