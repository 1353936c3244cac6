import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { RequestArg, WriteKey } from '@shared/api-contract';
import { callRoute, pathsStartingWith } from './api-client';

/** The timetable's reads: its entries, Today and the classes not marked (a class whose course, group or slot is gone is left out of the last two). */
const CLASSES = ['/timetable', '/attendance/missing'];

/** The cached reads each write can change, by path prefix: the level written and all a cascade reaches. */
const REFRESHES: { [K in WriteKey]: readonly string[] } = {
  'POST /auth/login': [],
  'POST /auth/logout': [],
  'POST /auth/register': ['/user'],
  'POST /auth/password': ['/auth/sessions'],
  'DELETE /auth/sessions/{id}': ['/auth/sessions'],
  'DELETE /auth/sessions': [],
  // A deleted user's timetable entries go with them.
  'DELETE /user/{id}': ['/user', ...CLASSES],
  'POST /user/{id}/reset-password': [],
  'POST /user/{id}/unlock': [],
  'POST /term': ['/term'],
  // The active term decides Home's semesters, the slots, and the term of Today and the timetable.
  'PATCH /term/{id}': ['/term', '/semester/', '/slot/', ...CLASSES],
  'POST /term/{id}/activate': ['/term', '/semester/', '/slot/', ...CLASSES],
  'POST /semester': ['/semester/'],
  'DELETE /semester/{id}': ['/semester/', '/division/', '/batch/', '/course/', '/student/', ...CLASSES],
  'POST /division': ['/division/'],
  'DELETE /division/delete/{semid}': ['/division/', '/batch/', '/student/', ...CLASSES],
  'DELETE /division/{id}': ['/division/', '/batch/', '/student/', ...CLASSES],
  'POST /batch': ['/batch/'],
  'POST /batch/delete': ['/batch/', '/student/', ...CLASSES],
  'DELETE /batch/{id}': ['/batch/', '/student/', ...CLASSES],
  'POST /student/delete': ['/student/'],
  'POST /student/import': ['/student/', '/division/', '/batch/', '/report'],
  'POST /student': ['/student/', '/report'],
  'PATCH /student/updateterm': ['/student/', '/report'],
  'PATCH /student/{id}': ['/student/', '/report'],
  'DELETE /student/{id}': ['/student/', '/report'],
  'POST /course': ['/course/'],
  'DELETE /course/{id}': ['/course/', ...CLASSES],
  'POST /slot': ['/slot/'],
  'PATCH /slot/{id}': ['/slot/', ...CLASSES],
  'DELETE /slot/{id}': ['/slot/', ...CLASSES],
  // A marked class shows as marked on Today and leaves the classes not marked.
  'POST /attendance': ['/timetable/today', '/attendance/missing', '/report'],
  'PATCH /attendance/{id}': ['/attendance', '/report'],
  'PATCH /settings': ['/settings', '/attendance', '/report'],
  'POST /timetable': CLASSES,
  'DELETE /timetable/{id}': CLASSES,
};

/** A second look after a write: list reads that go through an index may lag the write for a moment in AWS. */
export const SETTLE_MS = 1200;

/**
 * Reloads the cached reads a write of `key` can change, now and once more a moment later. Every
 * write does it through useWrite; a sequence of writes can do it once at its end.
 */
export function useRefresh() {
  const { mutate } = useSWRConfig();
  // The second look is dropped when the screen goes away (the next screen loads fresh anyway).
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return (key: WriteKey): Promise<unknown> => {
    if (!REFRESHES[key].length) return Promise.resolve();
    const matches = pathsStartingWith(...REFRESHES[key]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void mutate(matches);
    }, SETTLE_MS);
    timers.current.add(timer);
    return mutate(matches);
  };
}

/**
 * A write: callRoute, then the cached reads it can change reload (also after a failure: a 404
 * means someone else changed it, and the lists should say so).
 */
export function useWrite() {
  const refresh = useRefresh();
  return async <K extends WriteKey>(key: K, ...request: RequestArg<K>) => {
    try {
      return await callRoute<K>(key, ...request);
    } finally {
      await refresh(key);
    }
  };
}
