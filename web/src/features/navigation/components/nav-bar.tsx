import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import type { PublicUser } from '@shared/schemas/auth';
import { PRODUCT } from '@shared/constants';
import { errorMessage } from '@web/lib/api-client';
import { LogoutDialog } from '@web/components/offline/logout-dialog';
import { queuedMarks, waitingMarks } from '@web/lib/offline/queue-store';
import { deviceLogoutText, keptMarks } from '@web/lib/offline/sign-out';
import { toast } from '@web/lib/toast';
import { logout } from '../api/navigation';
import { CurrentTerm } from './current-term';
import './nav-bar.css';

interface NavItem {
  to: string;
  label: string;
}

// docs/product.md §2.2: admins see every management link (and the Timetable and the college's Settings), everyone else Home,
// View Attendance and Reports.
export const ADMIN_LINKS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/dashboard/term', label: 'Term' },
  { to: '/dashboard/semester', label: 'Semester' },
  { to: '/dashboard/division', label: 'Division' },
  { to: '/dashboard/batch', label: 'Batch' },
  { to: '/dashboard/course', label: 'Course' },
  { to: '/dashboard/slot', label: 'Slot' },
  { to: '/dashboard/changestu', label: 'Chg Term' },
  { to: '/dashboard/student', label: 'Student' },
  { to: '/dashboard/timetable', label: 'Timetable' },
  { to: '/dashboard/viewattendance', label: 'View Attendance' },
  { to: '/reports', label: 'Reports' },
  { to: '/dashboard/adduser', label: 'Adduser' },
  { to: '/dashboard/settings', label: 'Settings' },
];
export const FACULTY_LINKS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/dashboard/viewattendance', label: 'View Attendance' },
  { to: '/reports', label: 'Reports' },
];

const MENU_ID = 'primary-menu';

/**
 * The navigation bar: links by role (the current one has aria-current="page"), the admin's current
 * term (a link to the Term screen) and Logout. Under 1080 px the links fold into a menu opened by a real toggle button.
 */
export function NavBar({ user }: { user: PublicUser }) {
  const admin = user.role === 'admin';
  const links = admin ? ADMIN_LINKS : FACULTY_LINKS;
  const [leaving, setLeaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The menu is open on the page where it was opened: a followed link (or Back, Forward) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  }

  function onLogout() {
    // Marks of this sign-in not sent yet, online: send them first or keep them for review (docs/product.md §4, marking offline).
    if (navigator.onLine && waitingMarks(queuedMarks()).length > 0) setAsking(true);
    else void leave();
  }

  async function leave() {
    setLeaving(true);
    const kept = keptMarks();
    try {
      if ((await logout()) === 'device') toast.success(deviceLogoutText(kept));
      navigate('/login', { replace: true });
    } catch (failure) {
      toast.error(errorMessage(failure));
      setLeaving(false);
    }
  }

  return (
    <header className="navbar" onKeyDown={onKeyDown}>
      <div className="navbar-bar">
        <Link to="/" className="navbar-brand">
          {PRODUCT}
        </Link>
        <button
          ref={toggle}
          type="button"
          className="navbar-toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen(!open)}
        >
          <span className="navbar-toggle-icon" aria-hidden="true" />
          <span>Menu</span>
        </button>
      </div>
      <div id={MENU_ID} className={`navbar-menu${open ? ' is-open' : ''}`}>
        <nav aria-label="Main">
          <ul className="navbar-links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className="navbar-link" onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="navbar-tools">
          {admin && <CurrentTerm />}
          <span className="navbar-user" title={user.email}>
            {user.username}
            <span className="navbar-role">{user.role}</span>
          </span>
          <NavLink to="/account" className="navbar-link navbar-account" onClick={() => setOpen(false)}>
            My account
          </NavLink>
          <button type="button" className="button button-secondary navbar-logout" onClick={onLogout} disabled={leaving}>
            Logout
          </button>
        </div>
      </div>
      {asking && <LogoutDialog onLogOut={leave} onClose={() => setAsking(false)} />}
    </header>
  );
}
