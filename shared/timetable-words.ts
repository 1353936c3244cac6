/*
 * The timetable's words (docs/product.md §3), apart from its schemas (shared/schemas/timetable.ts): Today on
 * Home shows them without loading zod.
 */

/** 1 = Monday … 7 = Sunday (ISO 8601). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const TIMETABLE_MESSAGES = {
  termid: 'Please select a term',
  weekday: 'The weekday must be a whole number from 1 (Monday) to 7 (Sunday)',
  slotid: 'Please select a slot',
  courseid: 'Please select a course',
  classKind: 'Choose Lecture or Lab',
  groupid: 'Please select a division (lecture) or a batch (lab)',
  facultyid: 'Please select a faculty member',
  weeks: 'Choose when the class meets: every week, odd weeks or even weeks',
  weeksNeedTermStart: "Set the term's first day before adding a class that meets every other week",
  created: 'Timetable entry added',
  updated: 'Timetable entry updated',
  changedMeanwhile: 'Someone else changed or deleted this class meanwhile. Reload the timetable and try again.',
  deleted: 'Timetable entry deleted',
  notFound: 'Timetable entry not found',
  list: 'Timetable',
  today: 'Your classes today',
  noClasses: 'No classes today',
  missing: 'Classes not marked',
  allMarked: 'Every class of this date is marked',
  noneOverdue: 'No class of this date is overdue yet',
  groupClash: 'This group already has a class in this slot on this weekday',
  divisionLectureClash: "This batch's division has a lecture in this slot on this weekday",
  batchLabClash: 'A batch of this division has a lab in this slot on this weekday',
  facultyClash: 'This faculty member already teaches in this slot on this weekday',
  notAssigned: 'Only the faculty member this class is assigned to in the timetable (or an admin) can mark it',
  termNotFound: 'Term not found',
  slotNotFound: 'Slot not found',
  slotNotInTerm: 'This slot is not in this term',
  courseNotFound: 'Course not found',
  lectureNeedsDivision: 'A lecture is taught to a whole division: choose a division, not a batch',
  labNeedsBatch: 'A lab is taught to a batch: choose a batch of the division',
  groupNotFound: 'Division or batch not found',
  groupNotInTerm: 'This division or batch is not in this term',
  courseNotOfGroup: "This course is not taught in this division's semester",
  facultyNotFound: 'Faculty member not found',
} as const;
