import { useId } from 'react';
import { TableScroll } from '@web/components/ui/table-scroll';
import { chartDates, type ChartSeries } from '../record';
import { attendedOf, formatPercent, formatThreshold } from '../standing';

/*
 * A student's attendance over time (docs/product.md §2.12): the cumulative percentage by date, one line
 * per course and kind, drawn as plain inline SVG (no chart library, nothing for the CSP to refuse). The
 * colour and the marker's shape tell the courses apart, a dashed line with hollow markers is a lab, so
 * colour is never the only sign; the legend names each line, and the table the chart is drawn from is
 * one press away.
 */

const WIDTH = 320;
const HEIGHT = 190;
const PAD = { left: 38, right: 10, top: 10, bottom: 26 };
const PLOT_WIDTH = WIDTH - PAD.left - PAD.right;
const PLOT_HEIGHT = HEIGHT - PAD.top - PAD.bottom;
const TICKS = [0, 25, 50, 75, 100];
/** Line colours, each at least 3:1 against white (WCAG 1.4.11). */
const COLORS = ['#1d4ed8', '#b45309', '#047857', '#7e22ce', '#0e7490', '#4d7c0f', '#a21caf', '#57534e'];
const SHAPES = ['circle', 'square', 'triangle', 'diamond'] as const;
type Shape = (typeof SHAPES)[number];

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const y = (percentage: number) => PAD.top + ((100 - percentage) / 100) * PLOT_HEIGHT;

/** How a line looks: its course's colour and shape, dashed and hollow for a lab. */
function looks(series: readonly ChartSeries[]) {
  const courses = [...new Set(series.map((line) => line.courseid))];
  return (line: ChartSeries) => {
    const index = courses.indexOf(line.courseid);
    return { color: COLORS[index % COLORS.length]!, shape: SHAPES[index % SHAPES.length]!, lab: line.classKind === 'lab' };
  };
}

function Marker({ shape, x, y: top, color, hollow, ...data }: { shape: Shape; x: number; y: number; color: string; hollow: boolean }) {
  const fill = hollow ? '#fff' : color;
  const common = { fill, stroke: color, strokeWidth: 1.5, ...data };
  if (shape === 'circle') return <circle cx={x} cy={top} r={3.5} {...common} />;
  if (shape === 'square') return <rect x={x - 3.2} y={top - 3.2} width={6.4} height={6.4} {...common} />;
  if (shape === 'triangle') return <path d={`M${x} ${top - 4.2}L${x + 4} ${top + 3}L${x - 4} ${top + 3}Z`} {...common} />;
  return <path d={`M${x} ${top - 4.5}L${x + 4.5} ${top}L${x} ${top + 4.5}L${x - 4.5} ${top}Z`} {...common} />;
}

interface AttendanceChartProps {
  series: readonly ChartSeries[];
  threshold: number;
}

export function AttendanceChart({ series, threshold }: AttendanceChartProps) {
  const captionId = useId();
  const tableCaptionId = useId();
  const dates = chartDates(series);
  const first = dayOf(dates[0]!);
  const last = dayOf(dates.at(-1)!);
  const x = (date: string) =>
    last === first ? PAD.left + PLOT_WIDTH / 2 : PAD.left + ((dayOf(date) - first) / (last - first)) * PLOT_WIDTH;
  const look = looks(series);
  const summary = series
    .map((line) => {
      const end = line.points.at(-1)!;
      return `${line.label}: ${formatPercent(end.percentage)} on ${end.date}`;
    })
    .join('; ');

  return (
    <figure className="record-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="record-chart-caption">
        Cumulative attendance by date, one line per course and kind (dashed: a lab), from {dates[0]} to {dates.at(-1)}; the red line is the
        threshold, {formatThreshold(threshold)}.
      </figcaption>
      <svg
        className="record-chart-svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Attendance over time. ${summary}.`}
        data-chart="attendance"
      >
        {TICKS.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="chart-grid" />
            <text x={PAD.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" className="chart-tick">
              {tick}%
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(threshold)} y2={y(threshold)} className="chart-threshold" />
        {dates.length === 1 ? (
          <text x={x(dates[0]!)} y={HEIGHT - 8} textAnchor="middle" className="chart-tick">
            {dates[0]}
          </text>
        ) : (
          <>
            <text x={PAD.left} y={HEIGHT - 8} textAnchor="start" className="chart-tick">
              {dates[0]}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="chart-tick">
              {dates.at(-1)}
            </text>
          </>
        )}
        {series.map((line) => {
          const { color, shape, lab } = look(line);
          return (
            <g key={line.key} data-series={line.label}>
              <polyline
                points={line.points.map((point) => `${x(point.date)},${y(point.percentage)}`).join(' ')}
                fill="none"
                stroke={color}
                strokeWidth={2}
                strokeDasharray={lab ? '6 4' : undefined}
                strokeLinejoin="round"
              />
              {line.points.map((point) => (
                <Marker
                  key={point.date}
                  shape={shape}
                  x={x(point.date)}
                  y={y(point.percentage)}
                  color={color}
                  hollow={lab}
                  data-point={point.date}
                />
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="chart-legend" aria-label="Lines">
        {series.map((line) => {
          const { color, shape, lab } = look(line);
          const end = line.points.at(-1)!;
          return (
            <li key={line.key}>
              <svg className="chart-legend-key" viewBox="0 0 28 12" aria-hidden="true">
                <line x1={1} x2={27} y1={6} y2={6} stroke={color} strokeWidth={2} strokeDasharray={lab ? '6 4' : undefined} />
                <Marker shape={shape} x={14} y={6} color={color} hollow={lab} />
              </svg>
              {line.label}: {formatPercent(end.percentage)}
            </li>
          );
        })}
      </ul>
      <details className="chart-data">
        <summary>The chart as a table</summary>
        <TableScroll labelledBy={tableCaptionId}>
          <table className="report-table">
            <caption id={tableCaptionId} className="visually-hidden">
              Cumulative attendance by date
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {series.map((line) => (
                  <th key={line.key} scope="col" className="standing course-header">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((date) => (
                <tr key={date}>
                  <td className="enrollment">{date}</td>
                  {series.map((line) => {
                    const point = line.points.find((each) => each.date === date);
                    return (
                      <td key={line.key} className="standing">
                        {point ? (
                          `${formatPercent(point.percentage)} (${attendedOf(point)})`
                        ) : (
                          <>
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">no session</span>
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
