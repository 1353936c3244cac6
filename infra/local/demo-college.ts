import { createStudent } from '@functions/lib/repositories/students';
import { createNode } from '@functions/lib/repositories/structure';

/**
 * A small college to walk the marking flow with: one active term (2 semesters × 2 divisions ×
 * 2 batches × 15 students, 3–4 courses each, 6 slots with their class times) and one inactive term.
 */
const FIRST_NAMES = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Ananya',
  'Kabir',
  'Meera',
  'Rohan',
  'Saanvi',
  'Arjun',
  'Kavya',
  'Vihaan',
  'Priya',
  'Aditya',
  'Nisha',
  'Yash',
  'Pooja',
  'Dev',
  'Riya',
  'Karan',
  'Sneha',
];
const LAST_NAMES = ['Patel', 'Shah', 'Mehta', 'Desai', 'Joshi', 'Iyer', 'Nair', 'Rao', 'Kulkarni', 'Reddy', 'Gupta', 'Singh', 'Verma'];

const SEMESTERS = [
  {
    name: 'Semester 3',
    cohort: '25CE',
    courses: ['Data Structures', 'Database Management Systems', 'Digital Electronics', 'Probability and Statistics'],
  },
  { name: 'Semester 5', cohort: '24CE', courses: ['Operating Systems', 'Computer Networks', 'Software Engineering'] },
];
const SLOTS = [
  ['09:00', '10:00'],
  ['10:00', '11:00'],
  ['11:15', '12:15'],
  ['12:15', '13:15'],
  ['14:00', '15:00'],
  ['15:00', '16:00'],
] as const;
/** A slot's display name: its times ('09:00 - 10:00'). */
const slotOf = ([start, end]: readonly [string, string], parentId: string) => ({ name: `${start} - ${end}`, start, end, parentId });
export const STUDENTS_PER_BATCH = 15;

export async function seedDemoCollege(): Promise<void> {
  const term = await createNode('term', { name: '2026-27 Odd Term', status: true });
  for (const slot of SLOTS) await createNode('slot', slotOf(slot, term._id));

  let person = 0;
  for (const { name, cohort, courses } of SEMESTERS) {
    const semester = await createNode('semester', { name, parentId: term._id });
    for (const course of courses) await createNode('course', { name: course, parentId: semester._id });
    let roll = 0;
    for (const divisionNumber of [1, 2]) {
      const division = await createNode('division', { name: `Division ${divisionNumber}`, parentId: semester._id });
      for (const batchLetter of ['A', 'B']) {
        const batch = await createNode('batch', { name: `Batch ${divisionNumber}${batchLetter}`, parentId: division._id });
        const students = Array.from({ length: STUDENTS_PER_BATCH }, () => {
          roll += 1;
          person += 1;
          const first = FIRST_NAMES[(person * 7) % FIRST_NAMES.length]!;
          const last = LAST_NAMES[(person * 5) % LAST_NAMES.length]!;
          const enrollment = `${cohort}${String(roll).padStart(3, '0')}`;
          return {
            enrollment,
            name: `${first} ${last}`,
            email: `${first}.${last}.${enrollment}@students.sams.local`.toLowerCase(),
            batchid: batch._id,
          };
        });
        await Promise.all(students.map(createStudent));
      }
    }
  }

  const past = await createNode('term', { name: '2025-26 Even Term', status: false });
  await createNode('semester', { name: 'Semester 2', parentId: past._id });
  await createNode('slot', slotOf(SLOTS[0], past._id));
}
