import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { RequestArg, WriteKey } from '@shared/api-contract';
import { apiRouteKey, ROUTES, type Route } from '@shared/routes';
import { callRoute, pathsStartingWith } from './api-client';

/** The cached reads each write can change, by path prefix, as its row of the route table says. */
const REFRESHES: ReadonlyMap<string, readonly string[]> = new Map(
  ROUTES.map((route: Route) => [apiRouteKey(route), route.refreshes ?? []]),
);

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
    const prefixes = REFRESHES.get(key) ?? [];
    if (!prefixes.length) return Promise.resolve();
    const matches = pathsStartingWith(...prefixes);
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
