import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiData, GetKey, RouteRequest } from '@shared/api-contract';
import { routePath } from '@shared/api-contract';
import { ApiError, callRoute } from './api-client';

/** Retry only what may succeed on a second try: network failures and 5xx, not 4xx answers. */
const DEFAULTS: SWRConfiguration = {
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500,
  errorRetryCount: 2,
};

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
  const fetcher = () => callRoute<GetKey>(key, request as RouteRequest<GetKey>).then((answer) => answer.data as ApiData<K>);
  return useSWR<ApiData<K>, ApiError>(path, fetcher, { ...DEFAULTS, ...config });
}
