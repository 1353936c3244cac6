/** The admin screens (docs/product.md §2.5–2.8, §3 for Timetable and Not marked): their paths under /dashboard and titles. */
export const ADMIN_PAGES = [
  { path: 'adduser', title: 'Add User' },
  { path: 'term', title: 'Term' },
  { path: 'semester', title: 'Semester' },
  { path: 'division', title: 'Division' },
  { path: 'batch', title: 'Batch' },
  { path: 'course', title: 'Course' },
  { path: 'slot', title: 'Slot' },
  { path: 'changestu', title: 'Change Term' },
  { path: 'student', title: 'Student' },
  { path: 'import', title: 'Import students' },
  { path: 'settings', title: 'Settings' },
  { path: 'timetable', title: 'Timetable' },
  { path: 'notmarked', title: 'Not marked' },
  { path: 'invitations', title: 'Invitations' },
  { path: 'audit', title: 'Audit trail' },
  { path: 'studentdata', title: 'Student data' },
] as const;
