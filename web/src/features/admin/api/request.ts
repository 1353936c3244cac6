import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, NETWORK_ERROR, pathsStartingWith } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/** A write's answer: its data and the server's message (what the success toast says). */
export interface Answer<T> {
  data: T;
  message: string;
}

/**
 * A call that keeps the server's message as well as its data (the shared fetchApi unwraps `data`
 * only; the admin screens show the message of a successful write). Otherwise it behaves as fetchApi:
 * same origin, cookie, JSON, ApiError with the server's message, and a 401 ends the session.
 */
export async function adminRequest<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const payload = (await response.json().catch(() => null)) as { data?: T; message?: string } | null;
  if (!response.ok) {
    const error = new ApiError(response.status, payload?.message || response.statusText || `Request failed (${response.status})`);
    if (response.status === 401) {
      const wasSignedIn = session.get().status === 'signed-in';
      session.signOut();
      if (wasSignedIn) toast.error(error.message);
    }
    throw error;
  }
  return { data: (payload?.data ?? null) as T, message: payload?.message ?? '' };
}

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
