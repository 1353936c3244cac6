import { describe, expect, it } from 'vitest';
import type { CourseStanding } from '@shared/schemas/reports';
import type { ClassKind } from '@shared/schemas/wire-names';
import { standingTable } from '@web/features/reports/record';

/** The record PDF's standing table (web/src/features/reports/record.ts): the screen's standing, row for row. */
const standing = (course: string, classKind: ClassKind, attended: number, held: number, classesNeeded?: number | null): CourseStanding => ({
  courseid: course,
  course,
  classKind,
  attended,
  held,
  percentage: held ? (100 * attended) / held : null,
  classesNeeded,
});

describe('the record PDF’s standing', () => {
  it('lists each course and kind, then Overall over all of them; the rows under the threshold filled', () => {
    const table = standingTable({
      courses: [standing('DBMS', 'lecture', 9, 10, 0), standing('DBMS', 'lab', 1, 4, 8), standing('Networks', 'lecture', 0, 0)],
      overall: 71.4,
      threshold: 75,
    });
    expect(table.head).toEqual(['Course', 'Percentage', 'Attended', 'Classes needed']);
    expect(table.body).toEqual([
      ['DBMS (Lecture)', '90.0%', '9 of 10', '–'],
      ['DBMS (Lab)', '25.0%', '1 of 4', 'needs 8 more'],
      ['Networks (Lecture)', 'n/a', '0 of 0', '–'],
      ['Overall', '71.4%', '10 of 14', ''],
    ]);
    expect(table.highlighted).toEqual([1, 3]);
  });

  it('says when a course cannot reach the threshold', () => {
    const table = standingTable({ courses: [standing('DBMS', 'lecture', 0, 30, null)], overall: 0, threshold: 75 });
    expect(table.body[0]).toEqual(['DBMS (Lecture)', '0.0%', '0 of 30', 'cannot reach 75%']);
  });
});
