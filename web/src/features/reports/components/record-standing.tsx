import { useId } from 'react';
import type { CourseStanding } from '@shared/schemas/reports';
import { Notice } from '@web/components/ui/notice';
import { TableScroll } from '@web/components/ui/table-scroll';
import { attendedOf, courseKey, courseLabel, formatPercent, formatThreshold, isBelow, neededText, totalOf } from '../standing';
import { BelowBadge } from './below-badge';

export const NO_SESSIONS = 'No session in this range.';

/** A record's standing (docs/product.md §2.12): per course and kind, then overall; rows under the threshold marked. */
export function StandingTable({ courses, overall, threshold }: { courses: CourseStanding[]; overall: number | null; threshold: number }) {
  const standingId = useId();
  const overallBelow = isBelow(overall, threshold);
  const total = totalOf(courses);
  return (
    <section className="reports-results" aria-labelledby={standingId}>
      <h2 id={standingId}>Standing</h2>
      <p className="reports-about">
        Under {formatThreshold(threshold)} (the college&apos;s threshold): highlighted, with the classes needed in a row to reach it.
      </p>
      {courses.length === 0 ? (
        <Notice kind="empty">{NO_SESSIONS}</Notice>
      ) : (
        <TableScroll labelledBy={standingId}>
          <table className="report-table record-standing">
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col" className="standing">
                  Percentage
                </th>
                <th scope="col" className="standing">
                  Attended
                </th>
                <th scope="col">Classes needed</th>
              </tr>
            </thead>
            <tbody>
              {courses.map((standing) => {
                const below = isBelow(standing.percentage, threshold);
                return (
                  <tr key={courseKey(standing)} className={below ? 'row-below' : undefined}>
                    <td>
                      {courseLabel(standing)}
                      {below && (
                        <>
                          {' '}
                          <BelowBadge threshold={threshold} />
                        </>
                      )}
                    </td>
                    <td className={`standing${below ? ' standing-below' : ''}`}>{formatPercent(standing.percentage)}</td>
                    <td className="standing">{attendedOf(standing)}</td>
                    <td>
                      {neededText(standing, threshold) || (
                        <>
                          <span aria-hidden="true">–</span>
                          <span className="visually-hidden">none</span>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr className={overallBelow ? 'row-below' : undefined}>
                <th scope="row">
                  Overall
                  {overallBelow && (
                    <>
                      {' '}
                      <BelowBadge threshold={threshold} />
                    </>
                  )}
                </th>
                <td className={`standing${overallBelow ? ' standing-below' : ''}`}>{formatPercent(overall)}</td>
                <td className="standing">{attendedOf(total)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
