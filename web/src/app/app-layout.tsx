import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { NavBar } from '../features/navigation/components/nav-bar';
import { session, useSession } from '../lib/session';
import { MainContent } from './root-layout';

/**
 * The signed-in shell (loaded with the first signed-in page): the navigation bar above the page.
 * Leaving it signed out (logout, or a 401 anywhere) forgets every cached answer of that user.
 */
export function AppLayout() {
  const state = useSession();
  const { mutate } = useSWRConfig();
  useEffect(
    () => () => {
      if (session.get().status === 'signed-out') void mutate(() => true, undefined, { revalidate: false });
    },
    [mutate],
  );
  if (state.status !== 'signed-in') return null;
  return (
    <>
      <NavBar user={state.user} />
      <MainContent />
    </>
  );
}
