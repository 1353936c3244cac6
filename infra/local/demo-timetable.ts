import type { TimetableEntryInput } from '@shared/schemas/timetable';
import type { ClassKind } from '@shared/schemas/wire-names';
import { createTimetableEntry } from '@functions/lib/repositories/timetable';
import { listActiveTerms, listChildren, type StructureItem } from '@functions/lib/repositories/structure';
import { listUsers } from '@functions/lib/repositories/users';
import { Conflict } from '@functions/lib/domain-errors';

/**
 * The demo college's week (docs/product.md §2.4): on every weekday each division has a lecture
 * and one of its batches a lab, Semester 3 taught by Demo Faculty and Semester 5 by Demo Faculty 2.
 * Lectures in the morning (their slots alternate by day), labs in the afternoon (batches A on
 * Monday, Wednesday and Friday, batches B on Tuesday and Thursday); courses rotate day by day. The
 * weekend has no classes. Built from the demo structure as it stands: a part the user deleted is
 * left out.
 */
const TEACHERS: Record<string, string> = { 'Semester 3': 'faculty@sams.local', 'Semester 5': 'faculty2@sams.local' };
const WEEKDAYS = [1, 2, 3, 4, 5];

export async function seedDemoTimetable(): Promise<void> {
  const [term] = await listActiveTerms();
  if (!term) return;
  const users = await listUsers();
  const slots = await listChildren('slot', term._id);
  for (const semester of await listChildren('semester', term._id)) {
    const faculty = users.find((user) => user.email === TEACHERS[semester.name]);
    if (!faculty) continue;
    const courses = await listChildren('course', semester._id);
    const divisions = await listChildren('division', semester._id);
    if (courses.length === 0 || slots.length < 6) continue;
    const entries: TimetableEntryInput[] = [];
    const at = (weekday: number, slot: number, course: number, group: StructureItem, classKind: ClassKind) =>
      entries.push({
        termid: term._id,
        weekday,
        slotid: slots[slot]!._id,
        courseid: courses[course % courses.length]!._id,
        classKind,
        groupid: group._id,
        facultyid: faculty._id,
      });
    for (const weekday of WEEKDAYS) {
      const morning = weekday % 2 === 1 ? 0 : 2;
      for (const [index, division] of divisions.slice(0, 2).entries()) {
        at(weekday, morning + index, weekday + index, division, 'lecture');
        const batches = await listChildren('batch', division._id);
        const batch = batches[weekday % 2 === 1 ? 0 : 1] ?? batches[0];
        if (batch) at(weekday, 4 + index, weekday + index + 1, batch, 'lab');
      }
    }
    // A run stopped midway left some: those are skipped (409), so the step completes when run again.
    for (const entry of entries) await createTimetableEntry(entry).catch(skipConflict);
  }
}

function skipConflict(error: unknown): void {
  if (!(error instanceof Conflict)) throw error;
}
