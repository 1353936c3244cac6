import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { QueueStatus } from '../components/offline/queue-status';
import { NavBar } from '../features/navigation/components/nav-bar';
import { useCollegeTime } from '../lib/college-time';
import { useMarkQueue } from '../lib/offline/use-mark-queue';
import { session, useSession } from '../lib/session';
import { MainContent } from './root-layout';

/**
 * The signed-in shell (loaded with the first signed-in page): the navigation bar above the page.
 * Leaving it signed out (logout, or a 401 anywhere) forgets every answer SWR holds of that user (the
 * device's caches are cleared by the session check, web/src/app/session-check.ts).
 */
export function AppLayout() {
  const state = useSession();
  const { mutate } = useSWRConfig();
  useEffect(
    () => () => {
      if (session.get().status !== 'signed-out') return;
      void mutate(() => true, undefined, { revalidate: false });
    },
    [mutate],
  );
  // The marks saved on this phone go out when the app starts, the connection returns, and on retries.
  useMarkQueue(state.user?._id);
  if (state.status !== 'signed-in') return null;
  return (
    <>
      {!state.user.mustChangePassword && <CollegeClock />}
      <NavBar user={state.user} />
      <QueueStatus />
      <MainContent />
    </>
  );
}

/** Reads the college's time zone once signed in (not while a one-time password must be changed: every read is refused then). */
function CollegeClock() {
  useCollegeTime();
  return null;
}
