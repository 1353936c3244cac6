import { callRoute } from './api-client';
import { safeFileName } from './csv';
import { saveFile } from './download';
import { withLoader } from './loading';

/*
 * A student's data, downloaded (docs/product.md §2.21): everything SAMS holds about them, as JSON (the whole answer)
 * or as a readable PDF, a table per kind of item. Admins download it at any time; the student and their guardians
 * once an admin has fulfilled their request. The PDF's code (./student-data-pdf.ts) loads only when one is asked for.
 */

export type DataFormat = 'json' | 'pdf';

/** Downloads the student's data as JSON or PDF (the answer is read once, then saved). */
export async function downloadStudentData(id: string, format: DataFormat): Promise<void> {
  await withLoader(async () => {
    const { data } = await callRoute('GET /student/{id}/export', { params: { id } });
    const name = `Data of ${data.student.enrollment} ${data.student.name}`;
    if (format === 'json') {
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), safeFileName(name, 'json'));
      return;
    }
    const [{ renderTablePdf }, { studentDataPdf }] = await Promise.all([import('./pdf/table-pdf'), import('./student-data-pdf')]);
    saveFile(await renderTablePdf(studentDataPdf(data)), safeFileName(name, 'pdf'));
  });
}
