import { useEffect } from 'react';
import { nextTask } from '../next-task';
import { useRefresh } from '../use-write';
import { reloadQueue } from './queue-store';
import { onMarkSent, sendWaiting, stopRetrying } from './send-queue';

/**
 * Sends the marks saved in this sign-in at start, each time the connection returns and on the retry
 * timer; after each one stored, Today and the classes not marked reload. Mounted by the signed-in shell.
 */
export function useMarkQueue(userId: string | undefined): void {
  const refresh = useRefresh();
  useEffect(() => {
    if (!userId) return;
    const online = () => void sendWaiting({ now: true });
    window.addEventListener('online', online);
    const unsubscribe = onMarkSent(() => void refresh('POST /attendance'));
    // After the first page has painted: opening IndexedDB is not part of showing it.
    void nextTask()
      .then(reloadQueue)
      .then(() => sendWaiting({ now: true }))
      .catch((error: unknown) => console.warn('Could not read the marks saved on this phone', error));
    return () => {
      window.removeEventListener('online', online);
      unsubscribe();
      stopRetrying();
    };
    // refresh is a new function each render; the listeners need only the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}
