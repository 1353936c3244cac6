import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { callApi, pathsStartingWith, type Answer } from '@web/lib/api-client';

export type { Answer };

/** Admin writes keep the server's message for their success toasts. */
export const adminRequest = <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer<T>> =>
  callApi<T>(method, path, body);

/** A second look after a write: list reads that go through an index may lag the write for a moment in AWS. */
export const SETTLE_MS = 1200;

/**
 * Revalidates every cached list whose path starts with one of the prefixes ('/semester/', '/term'),
 * now and once more a moment later (an index read right after a write may not show it yet).
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
  return (...prefixes: string[]): Promise<unknown> => {
    const matches = pathsStartingWith(...prefixes);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void mutate(matches);
    }, SETTLE_MS);
    timers.current.add(timer);
    return mutate(matches);
  };
}
