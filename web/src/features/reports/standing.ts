import type { CourseStanding } from '@shared/schemas/reports';
import { CLASS_KIND_LABELS } from '@shared/constants';

/*
 * A standing as the Reports screens show it (docs/product.md §2.12), in the table, the PDF and the CSV
 * alike: the percentage with one decimal, attended of held, and the classes needed under the threshold.
 */

/** A course and kind: 'Physics (Lecture)'. */
export const courseLabel = (standing: Pick<CourseStanding, 'course' | 'classKind'>): string =>
  `${standing.course} (${CLASS_KIND_LABELS[standing.classKind]})`;

/** A course and kind's key: the same course as a lecture and as a lab are two. */
export const courseKey = (standing: Pick<CourseStanding, 'courseid' | 'classKind'>): string => `${standing.courseid}#${standing.classKind}`;

/**
 * The server's percentage (docs/product.md §5: unrounded) with one decimal, half up: '62.5%', or 'n/a' when
 * no session counts. Rounded at six decimals first, so that a 14.45 computed as 14.4499… still shows 14.5.
 */
export function formatPercent(value: number | null): string {
  if (value === null) return 'n/a';
  return `${(Math.round(Number(value.toFixed(6)) * 10) / 10).toFixed(1)}%`;
}

/** A count of classes: whole, or with the part a late is worth ('4.5'), at most two decimals. */
export const formatCount = (value: number): string => String(Number(value.toFixed(2)));

/** A threshold as the screen says it: '75%', '62.5%'. */
export const formatThreshold = (threshold: number): string => `${formatCount(threshold)}%`;

/** '5 of 8': the classes attended (a late worth its part) of those that count. */
export const attendedOf = (standing: Pick<CourseStanding, 'attended' | 'held'>): string =>
  `${formatCount(standing.attended)} of ${formatCount(standing.held)}`;

/** Under the threshold: 'needs 3 more' in a row to reach it, or 'cannot reach 100%'; '' when not under it. */
export function neededText(standing: Pick<CourseStanding, 'classesNeeded'>, threshold: number): string {
  if (standing.classesNeeded === undefined || standing.classesNeeded === 0) return '';
  if (standing.classesNeeded === null) return `cannot reach ${formatThreshold(threshold)}`;
  return `needs ${standing.classesNeeded} more`;
}

export const isBelow = (percentage: number | null, threshold: number): boolean => percentage !== null && percentage < threshold;

/** The whole standing in one line, as the PDF and the CSV hold it: '62.5% (5 of 8), needs 3 more'. */
export function standingText(standing: CourseStanding, threshold: number): string {
  const needed = neededText(standing, threshold);
  return `${formatPercent(standing.percentage)} (${attendedOf(standing)})${needed ? `, ${needed}` : ''}`;
}

/** Overall: every course and kind together, as the server adds them up. */
export function totalOf(courses: readonly Pick<CourseStanding, 'attended' | 'held'>[]): { attended: number; held: number } {
  return courses.reduce((total, each) => ({ attended: total.attended + each.attended, held: total.held + each.held }), {
    attended: 0,
    held: 0,
  });
}
