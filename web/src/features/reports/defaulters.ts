import type { CourseStanding, DefaulterRow } from '@shared/schemas/reports';
import type { ClassKind } from '@shared/schemas/wire-names';
import { csvText, safeFileName } from '@web/lib/csv';
import type { TablePdf } from '@web/lib/pdf/table-pdf';
import { courseKey, courseLabel, formatPercent, formatThreshold, standingText } from './standing';

/*
 * The defaulter list as the Reports screen shows it (docs/product.md §2.12): its course columns, its
 * order, and the same rows as PDF and CSV. Pure functions, so the table and the files cannot disagree.
 */

/** A column of the list: one course and kind ('Physics (Lecture)'). */
export interface CourseColumn {
  key: string;
  label: string;
}

/**
 * Every course and kind any student has a standing in, in the server's order: course by course (each
 * row lists its own courses in that order, so a course one row lacks goes where the rows that have it
 * put it), the lecture before the lab.
 */
export function courseColumns(rows: readonly DefaulterRow[]): CourseColumn[] {
  const courses: string[] = [];
  const kinds = new Map<string, Map<ClassKind, CourseColumn>>();
  for (const row of rows) {
    let next = 0;
    for (const standing of row.courses) {
      const at = courses.indexOf(standing.courseid);
      if (at >= 0) next = at + 1;
      else courses.splice(next++, 0, standing.courseid);
      const course = kinds.get(standing.courseid) ?? new Map<ClassKind, CourseColumn>();
      course.set(standing.classKind, { key: courseKey(standing), label: courseLabel(standing) });
      kinds.set(standing.courseid, course);
    }
  }
  return courses.flatMap((courseid) =>
    [...kinds.get(courseid)!].sort(([a], [b]) => Number(a === 'lab') - Number(b === 'lab')).map(([, column]) => column),
  );
}

/** A row's standing in a column, if the student was expected at any of its sessions. */
export const standingIn = (row: DefaulterRow, column: CourseColumn): CourseStanding | undefined =>
  row.courses.find((standing) => courseKey(standing) === column.key);

export type SortKey = 'enrollment' | 'name' | 'overall';
export type SortOrder = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  order: SortOrder;
}
/** The server's order. */
export const DEFAULT_SORT: Sort = { key: 'enrollment', order: 'ascending' };

const text = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The rows in that order (ties by enrollment); a student with no overall percentage ('n/a') comes last either way. */
export function sortRows(rows: readonly DefaulterRow[], { key, order }: Sort): DefaulterRow[] {
  const direction = order === 'ascending' ? 1 : -1;
  const byEnrollment = (a: DefaulterRow, b: DefaulterRow) => text.compare(a.enrollment, b.enrollment);
  return rows.toSorted((a, b) => {
    if (key === 'overall') {
      if (a.overall === null || b.overall === null)
        return (a.overall === null ? 1 : 0) - (b.overall === null ? 1 : 0) || byEnrollment(a, b);
      return direction * (a.overall - b.overall) || byEnrollment(a, b);
    }
    return direction * text.compare(a[key], b[key]) || byEnrollment(a, b);
  });
}

/** What the list is of, by name: the files' title and names are made of it. */
export interface ListScope {
  semester: string;
  /** When the list is of one division or batch. */
  division?: string;
  batch?: string;
  threshold: number;
}

/** 'Semester 3', 'Semester 3, Division 1', 'Semester 3, Division 1, Batch 1A'. */
export const scopeLabel = (scope: ListScope): string => [scope.semester, scope.division, scope.batch].filter(Boolean).join(', ');

/**
 * The PDF's and the CSV's columns: the table's, with the division and the batch apart, a 'Below 75%' column in
 * words, and the classes the student's approved leave covers (the table's 'n classes on leave', as a number): always
 * in the CSV, in the PDF only when a row has some (a page has room for one more column only by wrapping the names).
 */
export const fileColumns = (columns: readonly CourseColumn[], threshold: number, withLeave = true): string[] => [
  'Enrollment',
  'Name',
  'Division',
  'Batch',
  ...columns.map((column) => column.label),
  'Overall',
  `Below ${formatThreshold(threshold)}`,
  ...(withLeave ? ['On leave'] : []),
];

/** A row's cells in the files: a course the student has no session of is left empty. */
export const fileCells = (row: DefaulterRow, columns: readonly CourseColumn[], threshold: number, withLeave = true): string[] => [
  row.enrollment,
  row.name,
  row.division.name,
  row.batch.name,
  ...columns.map((column) => {
    const standing = standingIn(row, column);
    return standing ? standingText(standing, threshold) : '';
  }),
  formatPercent(row.overall),
  row.below ? 'Yes' : 'No',
  ...(withLeave ? [String(row.onLeave)] : []),
];

/** The rows shown (in the screen's order and filter) as CSV. */
export const defaultersCsv = (rows: readonly DefaulterRow[], columns: readonly CourseColumn[], threshold: number): string =>
  csvText([fileColumns(columns, threshold), ...rows.map((row) => fileCells(row, columns, threshold))]);

/** The rows shown as the PDF's table: those under the threshold filled, the percentages aligned right. */
export function defaultersPdf(rows: readonly DefaulterRow[], columns: readonly CourseColumn[], scope: ListScope, date: string): TablePdf {
  const withLeave = rows.some((row) => row.onLeave > 0);
  const head = fileColumns(columns, scope.threshold, withLeave);
  return {
    title: `Defaulter list | ${scopeLabel(scope)} | Threshold ${formatThreshold(scope.threshold)} | ${date}`,
    head,
    body: rows.map((row) => fileCells(row, columns, scope.threshold, withLeave)),
    // The courses and Overall (after Enrollment, Name, Division and Batch), and the classes on leave (after Below).
    rightAligned: [...Array.from({ length: columns.length + 1 }, (_, index) => index + 4), ...(withLeave ? [columns.length + 6] : [])],
    highlighted: rows.flatMap((row, index) => (row.below ? [index] : [])),
    subject: 'Defaulter list',
  };
}

/** 'Semester 3 Division 1 defaulters below 75%.csv'. */
export const defaultersFileName = (scope: ListScope, extension: 'pdf' | 'csv'): string =>
  safeFileName(
    `${[scope.semester, scope.division, scope.batch].filter(Boolean).join(' ')} defaulters below ${formatThreshold(scope.threshold)}`,
    extension,
  );
