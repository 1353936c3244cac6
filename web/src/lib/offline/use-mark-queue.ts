import { useEffect } from 'react';
import { useRefresh } from '../use-write';
import { reloadQueue } from './queue-store';
import { onMarkSent, sendWaiting, stopRetrying } from './send-queue';

/** The reads the service worker keeps for offline use (web/vite.config.ts): forgotten when the user signs out. */
const OFFLINE_READS = 'sams-api';

/**
 * Sends the signed-in user's saved marks at start, each time the connection returns and on the retry
 * timer; after each one stored, Today and the classes not marked reload. Mounted by the signed-in shell.
 */
export function useMarkQueue(userId: string | undefined): void {
  const refresh = useRefresh();
  useEffect(() => {
    if (!userId) return;
    const online = () => void sendWaiting({ now: true });
    window.addEventListener('online', online);
    const unsubscribe = onMarkSent(() => void refresh('POST /attendance'));
    void reloadQueue()
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

/** Drops the reads kept for offline use (another user may sign in on this device next). */
export async function forgetOfflineReads(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_READS);
  await reloadQueue();
}
