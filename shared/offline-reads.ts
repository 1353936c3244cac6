import { API_PREFIX, ROUTES, type Route } from './routes';

/*
 * The reads that marking offline needs (docs/product.md §4, marking offline), and a student's or guardian's
 * Home and every class (§2.16), marked `offlineRead` in the route table: Today, the marking flow's lists, the
 * classes' student lists, the college's settings, and a student's standing and record. The
 * API answers them `private, no-cache` (every other answer is `no-store`), and the service worker
 * (web/vite.config.ts) keeps only these, network first; the login status is not among them, so no cache ever
 * says who is signed in.
 */

/** The paths of the rows the route table marks `offlineRead`. */
export const OFFLINE_READS: readonly string[] = ROUTES.filter((route: Route) => route.offlineRead).map((route) => route.path);

/** The Cache-Control of a 200 answer to one of these reads: a browser may keep it, but asks the server first each time. */
export const OFFLINE_READ_CACHE_CONTROL = 'private, no-cache';

/** The route keys ('GET /api/v1/settings'), as API Gateway names them. */
export const OFFLINE_READ_KEYS: ReadonlySet<string> = new Set(OFFLINE_READS.map((path) => `GET ${API_PREFIX}${path}`));

const pathPattern = (path: string): string => `${API_PREFIX}${path}`.replace(/\{\w+\}/g, '[^/?#]+').replaceAll('/', '\\/');

/**
 * A same-origin URL of one of these reads, any query. Matched against the whole URL: the lookbehind
 * puts the match after the origin, so the service worker's router (which takes a cross-origin URL only
 * for a match at its very start) never takes another site's.
 */
export const OFFLINE_READ_URL = new RegExp(`(?<=^https?:\\/\\/[^/]+)(?:${OFFLINE_READS.map(pathPattern).join('|')})(?:\\?[^#]*)?$`);
