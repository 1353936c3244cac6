import type { ComponentType } from 'react';
import { AuditPage } from './audit-page';
import { ChangeTermPage } from './change-term-page';
import { ImportPage } from './import-page';
import { InvitationsPage } from './invitations-page';
import { NotMarkedPage } from './not-marked-page';
import { BatchPage, CoursePage, DivisionPage, SemesterPage, SlotPage } from './structure-page';
import { SettingsPage } from './settings-page';
import { StudentDataPage } from './student-data-page';
import { StudentPage } from './student-page';
import { TermPage } from './term-page';
import { TimetablePage } from './timetable-page';
import { UsersPage } from './users-page';

/** The admin screens by their path under /dashboard (docs/product.md §2.1). */
export const ADMIN_SCREENS: Record<
  | 'adduser'
  | 'term'
  | 'semester'
  | 'division'
  | 'batch'
  | 'course'
  | 'slot'
  | 'changestu'
  | 'student'
  | 'import'
  | 'settings'
  | 'timetable'
  | 'notmarked'
  | 'invitations'
  | 'audit'
  | 'studentdata',
  ComponentType
> = {
  adduser: UsersPage,
  term: TermPage,
  semester: SemesterPage,
  division: DivisionPage,
  batch: BatchPage,
  course: CoursePage,
  slot: SlotPage,
  changestu: ChangeTermPage,
  student: StudentPage,
  import: ImportPage,
  settings: SettingsPage,
  timetable: TimetablePage,
  notmarked: NotMarkedPage,
  invitations: InvitationsPage,
  audit: AuditPage,
  studentdata: StudentDataPage,
};
