import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiData, GetKey, RouteRequest } from '@shared/api-contract';
import { routePath } from '@shared/api-contract';
import { ApiError, callRoute } from './api-client';
import { nextTask } from './next-task';
import { session } from './session';

/** Retry only what may succeed on a second try: network failures and 5xx, not 4xx answers. */
const DEFAULTS: SWRConfiguration = {
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500,
  errorRetryCount: 2,
};

const read = <K extends GetKey>(key: K, request: RouteRequest<K>): Promise<ApiData<K>> =>
  callRoute<GetKey>(key, request as RouteRequest<GetKey>).then((answer) => answer.data as ApiData<K>);

/**
 * A page's reads start as it commits (SWR starts them in layout effects): each in a task of its own, so that
 * a page with six reads does not start them all in the commit's one long task (nextTask).
 */
const readInItsOwnTask = <K extends GetKey>(key: K, request: RouteRequest<K>): Promise<ApiData<K>> =>
  nextTask().then(() => read(key, request));

/** Reads started before their page rendered (preloadApi), by sign-in and path, with when they started. */
const early = new Map<string, { started: number; answer: Promise<unknown> }>();
/** An early read older than this is not taken: the page reads afresh. */
const EARLY_FOR_MS = 10_000;
const earlyKey = (path: string) => `${session.signInId()} ${path}`;

/**
 * Starts a read a page is about to show: the page's first fetch of the same request (useApi) takes its answer,
 * or its failure, if it is the same sign-in's and a few seconds old at most.
 */
export function preloadApi<K extends GetKey>(key: K, request: RouteRequest<K>): void {
  const answer = read(key, request);
  answer.catch(() => undefined);
  early.set(earlyKey(routePath(key, request)), { started: Date.now(), answer });
}

/** The early read of this path, once (see preloadApi). */
function takeEarly(path: string): Promise<unknown> | undefined {
  const found = early.get(earlyKey(path));
  early.delete(earlyKey(path));
  return found && Date.now() - found.started <= EARLY_FOR_MS ? found.answer : undefined;
}

/**
 * A read: SWR over a GET route of the contract. The cache key is the call's path ('/course/<semid>'),
 * so a write can revalidate by path prefix; `request: null` waits (a dependent request).
 */
export function useApi<K extends GetKey>(
  key: K,
  request: RouteRequest<K> | null,
  config?: SWRConfiguration<ApiData<K>, ApiError>,
): SWRResponse<ApiData<K>, ApiError> {
  const path = request === null ? null : routePath(key, request);
  const fetcher = () => ((path && takeEarly(path)) as Promise<ApiData<K>> | undefined) ?? readInItsOwnTask(key, request as RouteRequest<K>);
  return useSWR<ApiData<K>, ApiError>(path, fetcher, { ...DEFAULTS, ...config });
}
