import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActiveLoginSession } from '@shared/schemas/auth';
import { Loaded } from '@web/components/ui/loaded';
import { TableScroll } from '@web/components/ui/table-scroll';
import { errorMessage } from '@web/lib/api-client';
import { formatMoment } from '@web/lib/college-time';
import { toast } from '@web/lib/toast';
import { endAllSessions, endSession, useMyLoginSessions } from '../api/account';
import { deviceName } from '@web/lib/device-name';

/**
 * My sessions (docs/product.md §4): each browser or phone signed in, with when it signed in and was
 * last used (to within 5 minutes); "Sign out" on one, or everywhere, this browser included.
 */
export function SessionsList() {
  const sessions = useMyLoginSessions();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, leaving: boolean) {
    setBusy(true);
    try {
      await action();
      if (leaving) navigate('/login', { replace: true });
      else await sessions.mutate();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const signOut = (session: ActiveLoginSession) =>
    run(async () => toast.success(await endSession(session._id, session.current)), session.current);

  return (
    <section className="card account-sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">My sessions</h2>
      <p className="account-lead">Browsers and phones signed in to your account. Sign out any you do not recognise or no longer use.</p>
      <Loaded list={sessions} empty="No sessions">
        {(items) => (
          <TableScroll labelledBy="sessions-title">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Device</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((session) => (
                  <tr key={session._id}>
                    <td title={session.device}>
                      {deviceName(session.device)}
                      {session.current && <span className="account-badge"> (this device)</span>}
                    </td>
                    <td>{formatMoment(session.signedInAt)}</td>
                    <td>{formatMoment(session.lastSeenAt)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={busy}
                        onClick={() => void signOut(session)}
                        aria-label={session.current ? 'Sign out this device' : `Sign out ${deviceName(session.device)}`}
                      >
                        {session.current ? 'Sign out this device' : 'Sign out'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Loaded>
      <button type="button" className="button button-danger" disabled={busy} onClick={() => void run(endAllSessions, true)}>
        Sign out everywhere
      </button>
    </section>
  );
}
