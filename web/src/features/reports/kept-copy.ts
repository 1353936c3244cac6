import { useEffect, useState } from 'react';
import { formatTime, wallClock } from '@shared/dates';
import type { API_PREFIX as ROUTE_PREFIX } from '@shared/routes';
import { useOnline } from '@web/lib/offline/online';
import { dayMonth } from './projection-text';

/*
 * The Home's reads kept on the device (docs/product.md §4): the service worker keeps the standing and the
 * record of the signed-in student or guardian (the route table marks them offlineRead) and answers them from
 * its copy when the network fails; signing out deletes them (web/src/lib/offline/forget-device.ts). Offline,
 * the page says how old that copy is: when the server answered it (the answer's Date header).
 */

// The route table's prefix, written out so the table itself stays out of the bundle (as web/src/lib/api-client.ts does).
const API_PREFIX: typeof ROUTE_PREFIX = '/api/v1';

/** When the server answered the oldest of these reads, as the device keeps them (epoch ms); null when none is kept. */
export async function keptSince(paths: readonly string[]): Promise<number | null> {
  if (typeof caches === 'undefined') return null;
  const times: number[] = [];
  for (const path of paths) {
    const copy = await caches.match(`${API_PREFIX}${path}`);
    const at = Date.parse(copy?.headers.get('date') ?? '');
    if (!Number.isNaN(at)) times.push(at);
  }
  return times.length ? Math.min(...times) : null;
}

/** Offline: when the device's copies of these reads were answered (null online, or with no copy). */
export function useKeptSince(paths: readonly string[]): number | null {
  const online = useOnline();
  const key = paths.join('\n');
  const [found, setFound] = useState<{ key: string; at: number | null } | null>(null);
  useEffect(() => {
    if (online) return;
    let current = true;
    const settle = (at: number | null) => {
      if (current) setFound({ key, at });
    };
    keptSince(key.split('\n')).then(settle, () => settle(null));
    return () => {
      current = false;
    };
  }, [online, key]);
  return !online && found?.key === key ? found.at : null;
}

/** A moment in the college's time as a person says it: '26 Nov, 09:14'. */
export function dayMonthTime(at: number, timeZone: string): string {
  const { date, minute } = wallClock(timeZone, at);
  return `${dayMonth(date)}, ${formatTime(minute)}`;
}

/** 'Offline: showing your attendance as of 26 Nov, 09:14' ('… Asha's attendance …' to a guardian). */
export const offlineCopyText = (whose: string, at: number, timeZone: string): string =>
  `Offline: showing ${whose} attendance as of ${dayMonthTime(at, timeZone)}.`;
