import { useId } from 'react';
import { REPORT_MESSAGES, type DefaulterReport } from '@shared/schemas/reports';
import { Notice } from '@web/components/ui/notice';
import { collegeToday } from '@web/lib/college-time';
import {
  courseColumns,
  defaultersCsv,
  defaultersFileName,
  defaultersPdf,
  scopeLabel,
  sortRows,
  type ListScope,
  type Sort,
  type SortKey,
} from '../defaulters';
import { downloadCsv, usePdfDownload } from '../downloads';
import { formatThreshold } from '../standing';
import { DefaulterTable } from './defaulter-table';

interface DefaulterListProps {
  report: DefaulterReport;
  /** The semester, division and batch by name (the threshold is the answer's). */
  scope: Omit<ListScope, 'threshold'>;
  sort: Sort;
  onSort: (sort: Sort) => void;
  onlyBelow: boolean;
  onOnlyBelow: (onlyBelow: boolean) => void;
  /** The list's address, for the record's way back. */
  listSearch: string;
}

/**
 * The defaulter list (docs/product.md §2.12): how many students are under the threshold, Only students
 * below it, the table in the chosen order, and the rows shown as PDF or CSV.
 */
export function DefaulterList({ report, scope: names, sort, onSort, onlyBelow, onOnlyBelow, listSearch }: DefaulterListProps) {
  const onlyBelowId = useId();
  const savePdf = usePdfDownload();
  const { threshold, students } = report;
  if (students.length === 0) return <Notice kind="empty">{REPORT_MESSAGES.noStudents}</Notice>;

  const scope: ListScope = { ...names, threshold };
  const columns = courseColumns(students);
  const below = students.filter((row) => row.below).length;
  const rows = sortRows(onlyBelow ? students.filter((row) => row.below) : students, sort);
  const changeSort = (key: SortKey) => onSort({ key, order: sort.key === key && sort.order === 'ascending' ? 'descending' : 'ascending' });

  return (
    <>
      <div className="reports-bar">
        <p className="reports-count" aria-live="polite">
          <span className="below-marker" aria-hidden="true">
            !
          </span>
          {below} of {students.length} {students.length === 1 ? 'student' : 'students'} below {formatThreshold(threshold)}
        </p>
        <div className="reports-downloads">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void savePdf(defaultersPdf(rows, columns, scope, collegeToday()), defaultersFileName(scope, 'pdf'))}
          >
            Download PDF
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => downloadCsv(defaultersCsv(rows, columns, threshold), defaultersFileName(scope, 'csv'))}
          >
            Download CSV
          </button>
        </div>
      </div>
      <div className="reports-only-below">
        <input id={onlyBelowId} type="checkbox" checked={onlyBelow} onChange={(event) => onOnlyBelow(event.target.checked)} />
        <label htmlFor={onlyBelowId}>Only students below {formatThreshold(threshold)}</label>
      </div>
      {rows.length === 0 ? (
        <Notice kind="empty">No student is below {formatThreshold(threshold)}.</Notice>
      ) : (
        <DefaulterTable
          rows={rows}
          columns={columns}
          threshold={threshold}
          sort={sort}
          onSort={changeSort}
          scope={scopeLabel(scope)}
          listSearch={listSearch}
        />
      )}
    </>
  );
}
