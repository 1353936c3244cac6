/** A link of the navigation bar. */
export interface NavItem {
  to: string;
  label: string;
}

/** Links under a heading: the admin's links are grouped by what they manage. */
export interface NavGroup {
  heading: string;
  links: NavItem[];
}

const HOME: NavItem = { to: '/', label: 'Home' };
/** A student's or guardian's one page: their (children's) attendance. */
export const FAMILY_LINKS: NavItem[] = [{ to: '/me', label: 'My attendance' }];
const VIEW_ATTENDANCE: NavItem = { to: '/dashboard/viewattendance', label: 'View Attendance' };
const REPORTS: NavItem = { to: '/reports', label: 'Reports' };
const LEAVE: NavItem = { to: '/leave', label: 'Leave' };

// docs/product.md §2.2: admins see Home, then every management link under its group (the links keep the
// spec's labels); everyone else Home, View Attendance, Reports and Leave.
export const ADMIN_GROUPS: NavGroup[] = [
  {
    heading: 'Academic structure',
    links: [
      { to: '/dashboard/term', label: 'Term' },
      { to: '/dashboard/semester', label: 'Semester' },
      { to: '/dashboard/division', label: 'Division' },
      { to: '/dashboard/batch', label: 'Batch' },
      { to: '/dashboard/course', label: 'Course' },
      { to: '/dashboard/slot', label: 'Slot' },
      { to: '/dashboard/timetable', label: 'Timetable' },
    ],
  },
  {
    heading: 'People',
    links: [
      { to: '/dashboard/student', label: 'Student' },
      { to: '/dashboard/import', label: 'Import students' },
      { to: '/dashboard/changestu', label: 'Chg Term' },
      { to: '/dashboard/adduser', label: 'Adduser' },
      { to: '/dashboard/invitations', label: 'Invite' },
    ],
  },
  {
    heading: 'Attendance',
    links: [VIEW_ATTENDANCE, { to: '/dashboard/notmarked', label: 'Not marked' }, REPORTS, LEAVE],
  },
  { heading: 'College', links: [{ to: '/dashboard/settings', label: 'Settings' }] },
];
export const ADMIN_HOME = HOME;
export const FACULTY_LINKS: NavItem[] = [HOME, VIEW_ATTENDANCE, REPORTS, LEAVE];

/** Whether a link is the current page's: Home only at '/', any other also below its path (Reports on a student's record). */
export const isCurrent = (link: NavItem, pathname: string): boolean =>
  link.to === '/' ? pathname === '/' : pathname === link.to || pathname.startsWith(`${link.to}/`);
