import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isStaff } from '@shared/constants';
import { isAdmin, useSession } from '../lib/session';

/*
 * Route guards (docs/product.md §2.1), decided on the client from the session store. They render only
 * once the status check has answered (SessionChecked, router.tsx); 'unknown' renders nothing.
 */

/** Pages that need login: a logged-out visitor goes to /login; one signed in with a one-time password, to My account to replace it. */
export function RequireAuth() {
  const state = useSession();
  const { pathname } = useLocation();
  if (state.status === 'unknown') return null;
  if (state.status === 'signed-out') return <Navigate to="/login" replace />;
  if (state.user.mustChangePassword && pathname !== '/account') return <Navigate to="/account" replace />;
  return <Outlet />;
}

/** Admin pages: a non-admin goes to / (a logged-out visitor was already sent to /login). */
export function RequireAdmin() {
  const state = useSession();
  if (state.status === 'unknown') return null;
  if (!isAdmin(state)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Staff pages (marking, viewing, reports, admin): a student or guardian goes to their own attendance, /me. */
export function RequireStaff() {
  const state = useSession();
  if (state.status === 'unknown') return null;
  if (state.user && !isStaff(state.user.role)) return <Navigate to="/me" replace />;
  return <Outlet />;
}

/** Logged-out-only pages (login): a logged-in visitor goes to /. */
export function GuestOnly() {
  const state = useSession();
  if (state.status === 'unknown') return null;
  if (state.status === 'signed-in') return <Navigate to="/" replace />;
  return <Outlet />;
}
