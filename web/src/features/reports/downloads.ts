import { useRef } from 'react';
import { csvBlob } from '@web/lib/csv';
import { saveFile } from '@web/lib/download';
import { withLoader } from '@web/lib/loading';
import type { TablePdf } from '@web/lib/pdf/table-pdf';
import { toast } from '@web/lib/toast';

/*
 * The Reports screens' downloads (docs/product.md §2.12, §9): CSV made at once, PDF by
 * web/src/lib/pdf/table-pdf.ts, loaded by a dynamic import() only when a PDF is asked for, so jsPDF
 * and its fonts stay out of the initial bundle and the screens' chunks.
 */

export const PDF_FAILED = 'Could not make the PDF. Check your connection and try again.';

export const downloadCsv = (text: string, fileName: string): void => saveFile(csvBlob(text), fileName);

/** Download PDF: one at a time (the keyboard still reaches the button under the loading overlay); a failure says so. */
export function usePdfDownload() {
  const making = useRef(false);
  return async (spec: TablePdf, fileName: string): Promise<void> => {
    if (making.current) return;
    making.current = true;
    try {
      const blob = await withLoader(async () => {
        const { renderTablePdf } = await import('@web/lib/pdf/table-pdf');
        return renderTablePdf(spec);
      });
      saveFile(blob, fileName);
    } catch (error) {
      console.error(error);
      toast.error(PDF_FAILED);
    } finally {
      making.current = false;
    }
  };
}
