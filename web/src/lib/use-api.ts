import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiData, GetKey, RouteParams } from './api-contract';
import { ApiError, fetchApi, resolvePath } from './api-client';

/** Retry only what may succeed on a second try: network failures and 5xx, not 4xx answers. */
const DEFAULTS: SWRConfiguration = {
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500,
  errorRetryCount: 2,
};

/**
 * SWR over a GET route. The cache key is the resolved path ('/course/<semid>'), so a mutation can
 * revalidate by path prefix; `params: null` waits (a dependent request).
 */
export function useApi<K extends GetKey>(
  key: K,
  params: RouteParams<K> | null,
  config?: SWRConfiguration<ApiData<K>, ApiError>,
): SWRResponse<ApiData<K>, ApiError> {
  const path = params === null ? null : resolvePath(key, params);
  return useSWR<ApiData<K>, ApiError>(path, (resolved: string) => fetchApi<ApiData<K>>('GET', resolved), { ...DEFAULTS, ...config });
}
