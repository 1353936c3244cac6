import type { TodayClass } from '@shared/schemas/timetable';
import type { GetKey, RouteRequest } from '@shared/api-contract';
import { routePath } from '@shared/api-contract';
import { callRoute } from '@web/lib/api-client';
import { collegeToday } from '@web/lib/college-time';
import { nextTask } from '@web/lib/next-task';
import type { QueuedMark } from '@web/lib/offline/mark-queue';
import { session } from '@web/lib/session';

/*
 * Today for offline use (docs/product.md §4, marking offline): the student lists of today's classes, and
 * who of each group is on leave today, are read as soon as Today shows, online, so the service worker
 * keeps them (web/vite.config.ts) and a class can be marked later without a signal. Not SWR's preload: a
 * preload that failed would wait in its global cache and be handed to the form later as its answer.
 */

const kept = new Set<string>();

/**
 * Reads the student list of each class of today not yet marked, and who of the group is on leave today
 * (once per list and sign-in while the app runs).
 */
export async function keepTodayForOffline(classes: readonly TodayClass[]): Promise<void> {
  if (!navigator.onLine) return;
  const date = collegeToday();
  for (const { entry, marked } of classes) {
    if (marked) continue;
    // A class's reads in a task of their own, after Today has painted.
    await nextTask();
    const { groupid } = entry;
    if (entry.classKind === 'lecture') keep('GET /student/division/{divisionid}', { params: { divisionid: groupid } });
    else keep('GET /student/{batchid}', { params: { batchid: groupid } });
    keep('GET /leave/group/{groupid}', { params: { groupid }, query: { date } });
  }
}

type KeptRead = 'GET /student/division/{divisionid}' | 'GET /student/{batchid}' | 'GET /leave/group/{groupid}';

function keep<K extends KeptRead>(key: K, request: RouteRequest<K>): void {
  // Per sign-in: signing out empties the worker's cache, so the next sign-in reads them again.
  const path = `${session.signInId()} ${routePath(key, request)}`;
  if (kept.has(path)) return;
  kept.add(path);
  callRoute<GetKey>(key, request as RouteRequest<GetKey>).catch(() => kept.delete(path));
}

/** The mark of this class of today saved on this phone and not sent yet, if any. */
export function waitingMarkOf(item: TodayClass, date: string, marks: readonly QueuedMark[]): QueuedMark | undefined {
  const { entry } = item;
  return marks.find(
    ({ state, body }) =>
      state === 'waiting' &&
      body.date === date &&
      body.courseid === entry.courseid &&
      body.classKind === entry.classKind &&
      body.slotid === entry.slotid &&
      body.groupid === entry.groupid,
  );
}
