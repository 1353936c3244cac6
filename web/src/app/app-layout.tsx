import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { QueueStatus } from '../components/offline/queue-status';
import { NavBar } from '../features/navigation/components/nav-bar';
import { forgetOfflineReads, useMarkQueue } from '../lib/offline/use-mark-queue';
import { session, useSession } from '../lib/session';
import { MainContent } from './root-layout';

/**
 * The signed-in shell (loaded with the first signed-in page): the navigation bar above the page.
 * Leaving it signed out (logout, or a 401 anywhere) forgets every cached answer of that user, also
 * those kept for offline use (the marks saved on this phone stay, to be sent when they sign in again).
 */
export function AppLayout() {
  const state = useSession();
  const { mutate } = useSWRConfig();
  useEffect(
    () => () => {
      if (session.get().status !== 'signed-out') return;
      void mutate(() => true, undefined, { revalidate: false });
      void forgetOfflineReads();
    },
    [mutate],
  );
  // The marks saved on this phone go out when the app starts, the connection returns, and on retries.
  useMarkQueue(state.user?._id);
  if (state.status !== 'signed-in') return null;
  return (
    <>
      <NavBar user={state.user} />
      <QueueStatus />
      <MainContent />
    </>
  );
}
