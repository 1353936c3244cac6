import { Navigate, Outlet } from 'react-router-dom';
import { isAdmin, useSession } from '../lib/session';

/*
 * Route guards (docs/product.md §2.1), decided on the client from the session store. The root loader has
 * already run the status check, so the state is known when these render; 'unknown' renders nothing.
 */

/** Pages that need login: a logged-out visitor goes to /login. */
export function RequireAuth() {
  const state = useSession();
  if (state.status === 'unknown') return null;
  if (state.status === 'signed-out') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Admin pages: a non-admin goes to / (a logged-out visitor was already sent to /login). */
export function RequireAdmin() {
  const state = useSession();
  if (state.status === 'unknown') return null;
  if (!isAdmin(state)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Logged-out-only pages (login): a logged-in visitor goes to /. */
export function GuestOnly() {
  const state = useSession();
  if (state.status === 'unknown') return null;
  if (state.status === 'signed-in') return <Navigate to="/" replace />;
  return <Outlet />;
}
