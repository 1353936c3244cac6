import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Notice } from '@web/components/ui/notice';
import { Spinner } from '@web/components/ui/spinner';
import type { ApiError } from '@web/lib/api-client';
import './admin.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface AdminListProps<T extends { _id: string }> {
  /** The list's heading (also its accessible name), e.g. 'Semesters of 2026-27 Odd Term'. */
  title: string;
  /** The heading: where focus goes after a row is deleted (the deleted row's buttons are gone). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** Each new value (a press of Get) moves focus to the heading, which scrolls the list into view. */
  revealKey?: number;
  rows: T[] | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  /** The docs/product.md §8 empty message. */
  empty: string;
  columns: Column<T>[];
  /** The row's buttons (Update, Delete). */
  actions?: (row: T) => ReactNode;
  onRetry: () => void;
}

/**
 * A listed level under its heading: loading, a failed load (Try again), the empty message, or a
 * table (one card per row on phones).
 */
export function AdminList<T extends { _id: string }>({
  title,
  headingRef,
  revealKey = 0,
  rows,
  error,
  isLoading,
  empty,
  columns,
  actions,
  onRetry,
}: AdminListProps<T>) {
  const headingId = useId();
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeading;
  useEffect(() => {
    if (revealKey > 0) heading.current?.focus();
  }, [revealKey, heading]);
  let body: ReactNode;
  if (error)
    body = (
      <Notice
        kind="error"
        action={
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
        }
      >
        {error.message}
      </Notice>
    );
  else if (isLoading || !rows) body = <Spinner />;
  else if (rows.length === 0) body = <Notice kind="empty">{empty}</Notice>;
  else
    body = (
      <table className={`admin-table${columns.length === 1 ? ' admin-table-simple' : ''}`} aria-labelledby={headingId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="admin-table-actions-header">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.header}>
                  {column.cell(row)}
                </td>
              ))}
              {actions && <td className="admin-table-actions">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section className="admin-list" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {body}
    </section>
  );
}

/** A row's button whose accessible name says which row: 'Delete Semester 3' (its text stays 'Delete'). */
export function RowButton({
  label,
  item,
  onClick,
  kind = 'secondary',
}: {
  label: string;
  item: string;
  onClick: () => void;
  kind?: 'secondary' | 'danger';
}) {
  return (
    <button
      type="button"
      className={`button admin-row-button ${kind === 'danger' ? 'admin-row-button-danger' : 'button-secondary'}`}
      aria-label={`${label} ${item}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
