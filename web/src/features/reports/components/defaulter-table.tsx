import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CourseStanding, DefaulterRow } from '@shared/schemas/reports';
import { TableScroll } from '@web/components/ui/table-scroll';
import { standingIn, type CourseColumn, type Sort, type SortKey } from '../defaulters';
import { attendedOf, formatPercent, formatThreshold, isBelow, neededText } from '../standing';
import { BelowBadge } from './below-badge';

const SORT_LABELS: Record<SortKey, string> = { enrollment: 'Enrollment', name: 'Name', overall: 'Overall' };

interface DefaulterTableProps {
  rows: readonly DefaulterRow[];
  columns: readonly CourseColumn[];
  threshold: number;
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** What the caption says the list is of ('Semester 3, Division 1'). */
  scope: string;
  /** The list's address, for the record's way back. */
  listSearch: string;
}

/**
 * The defaulter list's table (docs/product.md §2.12): Enrollment, Name, Division / Batch, a column per
 * course and kind (percentage, attended of held, the classes needed under the threshold) and Overall.
 * A student under the threshold has a tinted row and a 'Below' label by the name, never the colour
 * alone. Enrollment, Name and Overall sort by their header's button (aria-sort says how).
 */
export function DefaulterTable({ rows, columns, threshold, sort, onSort, scope, listSearch }: DefaulterTableProps) {
  const captionId = useId();
  const sortHeader = (key: SortKey, className?: string) => (
    <th scope="col" className={className} aria-sort={sort.key === key ? sort.order : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(key)}>
        {SORT_LABELS[key]}
        <span className="sort-icon" aria-hidden="true">
          {sort.key !== key ? '↕' : sort.order === 'ascending' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
  return (
    <TableScroll labelledBy={captionId}>
      <table className="report-table defaulter-table">
        <caption id={captionId} className="visually-hidden">
          Defaulter list, {scope}, threshold {formatThreshold(threshold)}, sorted by {SORT_LABELS[sort.key]} {sort.order}
        </caption>
        <thead>
          <tr>
            {sortHeader('enrollment')}
            {sortHeader('name')}
            <th scope="col">Division / Batch</th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="standing course-header">
                {column.label}
              </th>
            ))}
            {sortHeader('overall', 'standing key-figure')}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id} className={row.below ? 'row-below' : undefined}>
              <td className="enrollment">{row.enrollment}</td>
              <td className="defaulter-name">
                <Link to={`/reports/student/${encodeURIComponent(row._id)}`} state={{ list: listSearch }}>
                  {row.name}
                </Link>{' '}
                {row.below && <BelowBadge threshold={threshold} />}
                {row.onLeave > 0 && (
                  <span className="on-leave-count">
                    {' '}
                    {row.onLeave} {row.onLeave === 1 ? 'class' : 'classes'} on leave
                  </span>
                )}
              </td>
              <td className="defaulter-group">
                {row.division.name} / {row.batch.name}
              </td>
              {columns.map((column) => (
                <StandingCell key={column.key} standing={standingIn(row, column)} threshold={threshold} />
              ))}
              <td className={`standing key-figure${isBelow(row.overall, threshold) ? ' standing-below' : ''}`}>
                <span className="standing-percent">{formatPercent(row.overall)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A course and kind's cell: '62.5%', '5 of 8', 'needs 3 more'; a dash (said 'no sessions') where the student had none. */
export function StandingCell({ standing, threshold }: { standing: CourseStanding | undefined; threshold: number }) {
  if (!standing)
    return (
      <td className="standing standing-none">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">no sessions</span>
      </td>
    );
  const needed = neededText(standing, threshold);
  return (
    <td className={`standing${isBelow(standing.percentage, threshold) ? ' standing-below' : ''}`}>
      <span className="standing-percent">{formatPercent(standing.percentage)}</span>{' '}
      <span className="standing-count">{attendedOf(standing)}</span>
      {needed && (
        <>
          {' '}
          <span className="standing-needed">{needed}</span>
        </>
      )}
    </td>
  );
}
