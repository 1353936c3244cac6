import { useEffect, useId, type ReactNode } from 'react';
import { Loaded, type Loadable } from '@web/components/ui/loaded';
import type { Listing } from './use-listing';
import './admin.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface AdminListProps<T extends { _id: string }> {
  /** The list's heading (also its accessible name), e.g. 'Semesters of 2026-27 Odd Term'. */
  title: string;
  /** What is listed (nothing shows until Get or Add); its heading takes the focus on each Get. */
  listing: Listing;
  list: Loadable<T>;
  /** The docs/product.md §8 empty message. */
  empty: string;
  columns: Column<T>[];
  /** The row's buttons (Update, Delete). */
  actions?: (row: T) => ReactNode;
}

/** A listed level under its heading: a table (one card per row on phones), or what stands in for it. */
export function AdminList<T extends { _id: string }>({ title, listing, list, empty, columns, actions }: AdminListProps<T>) {
  const headingId = useId();
  const { heading, reveal } = listing;
  // Each Get moves focus to the heading (announced; it scrolls the list into view on a phone).
  useEffect(() => {
    if (reveal > 0) heading.current?.focus();
  }, [reveal, heading]);
  if (listing.listed === null) return null;
  return (
    <section className="admin-list" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <Loaded list={list} empty={empty}>
        {(rows) => (
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
        )}
      </Loaded>
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
