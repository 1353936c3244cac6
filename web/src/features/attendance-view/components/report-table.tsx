import { useId } from 'react';
import { TableScroll } from '@web/components/ui/table-scroll';
import { columns, dateLabel, formatPercentage, isBelow, TOTALS, type Report } from '../report';

/**
 * The report's table: Name and Enrollment (date mode), plus each student's sessions by status and
 * the percentage under the college's rules (percentage mode), those under the threshold marked in
 * text for screen readers and with an icon and a tint for the eye.
 */
export function ReportTable({ report, threshold }: { report: Report; threshold: number }) {
  const captionId = useId();
  const { mode, context, rows } = report;
  const percentages = mode === 'percentage';
  const [name, enrollment, ...numbers] = columns(mode);
  return (
    <TableScroll labelledBy={captionId}>
      <table className="report-table">
        <caption id={captionId} className="visually-hidden">
          {percentages ? 'Attendance percentage of each student' : 'Students present'}, {context.course}, {dateLabel(context)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{name}</th>
            <th scope="col">{enrollment}</th>
            {numbers.map((header, index) => (
              <th key={header} scope="col" className={index === numbers.length - 1 ? 'numeric key-figure' : 'numeric'}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const low = isBelow(row, threshold);
            return (
              <tr key={row._id} className={low ? 'row-below' : undefined}>
                <td>{row.name}</td>
                <td className="enrollment">{row.enrollment}</td>
                {percentages && (
                  <>
                    {TOTALS.map((total) => (
                      <td key={total} className="numeric">
                        {row.totals?.[total] ?? 0}
                      </td>
                    ))}
                    <td className="numeric key-figure">
                      {formatPercentage(row.percentage)}
                      {low && (
                        <>
                          <span className="below-marker" aria-hidden="true">
                            !
                          </span>
                          <span className="visually-hidden">, below {threshold}%</span>
                        </>
                      )}
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
