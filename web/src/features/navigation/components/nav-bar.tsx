import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import type { PublicUser } from '@shared/schemas/auth';
import { isStaff, PRODUCT } from '@shared/constants';
import { errorMessage } from '@web/lib/api-client';
import { LogoutDialog } from '@web/components/offline/logout-dialog';
import { queuedMarks, waitingMarks } from '@web/lib/offline/queue-store';
import { deviceLogoutText, keptMarks } from '@web/lib/offline/sign-out';
import { toast } from '@web/lib/toast';
import { logout } from '../api/navigation';
import { CurrentTerm } from './current-term';
import { ADMIN_GROUPS, ADMIN_HOME, FACULTY_LINKS, FAMILY_LINKS, isCurrent, type NavGroup, type NavItem } from './nav-links';
import './nav-bar.css';
import './nav-groups.css';

const MENU_ID = 'primary-menu';

/** One link; the current page's has aria-current="page" (NavLink sets it) and its highlight. */
function NavEntry({ link, onFollow }: { link: NavItem; onFollow: () => void }) {
  return (
    <li>
      <NavLink to={link.to} end={link.to === '/'} className="navbar-link" onClick={onFollow}>
        {link.label}
      </NavLink>
    </li>
  );
}

/** A group of the admin's links under its heading; the group holding the current page is marked too (visually). */
function NavGroupEntry({ group, pathname, onFollow }: { group: NavGroup; pathname: string; onFollow: () => void }) {
  const headingId = useId();
  const holdsCurrent = group.links.some((link) => isCurrent(link, pathname));
  return (
    <li className={`navbar-group${holdsCurrent ? ' is-current' : ''}`}>
      <span id={headingId} className="navbar-group-heading">
        {group.heading}
      </span>
      <ul className="navbar-group-links" aria-labelledby={headingId}>
        {group.links.map((link) => (
          <NavEntry key={link.to} link={link} onFollow={onFollow} />
        ))}
      </ul>
    </li>
  );
}

/**
 * The navigation bar: links by role (the current one has aria-current="page" and a highlight), an admin's
 * under the headings of what they manage, the admin's current term (a link to the Term screen) and Logout.
 * Under 1080 px the links fold into a menu opened by a real toggle button.
 */
export function NavBar({ user }: { user: PublicUser }) {
  const admin = user.role === 'admin';
  const [leaving, setLeaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The menu is open on the page where it was opened: a followed link (or Back, Forward) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const close = () => setOpen(false);

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

  // nav-groups.css: the page's scroll padding clears the admin's taller bar (a class on <html>, not :root:has()).
  useLayoutEffect(() => {
    if (!admin) return;
    document.documentElement.classList.add('admin-bar');
    return () => document.documentElement.classList.remove('admin-bar');
  }, [admin]);

  return (
    <header className={`navbar${admin ? ' navbar-admin' : ''}`} onKeyDown={onKeyDown}>
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
          {admin ? (
            <ul className="navbar-links navbar-groups">
              <NavEntry link={ADMIN_HOME} onFollow={close} />
              {ADMIN_GROUPS.map((group) => (
                <NavGroupEntry key={group.heading} group={group} pathname={pathname} onFollow={close} />
              ))}
            </ul>
          ) : (
            <ul className="navbar-links">
              {(isStaff(user.role) ? FACULTY_LINKS : FAMILY_LINKS).map((link) => (
                <NavEntry key={link.to} link={link} onFollow={close} />
              ))}
            </ul>
          )}
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
