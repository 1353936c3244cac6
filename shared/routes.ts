/**
 * The route table: every API route, the resource (Lambda) that serves it and who may call it.
 * It drives the CDK routes, the local server's dispatch, each resource's router, the
 * authorization tests and the web client's calls. Paths sit under /api/v1.
 */
export const API_PREFIX = '/api/v1';

export const RESOURCES = [
  'auth',
  'user',
  'term',
  'semester',
  'division',
  'batch',
  'course',
  'slot',
  'student',
  'attendance',
  'timetable',
  'report',
] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * public: anyone, and who asks is not looked up (no session read); optional: anyone, the user
 * when signed in (logout ends their session); user: any signed-in user; admin: signed-in admins only.
 */
export type Access = 'public' | 'optional' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What else a row says of its route. */
export interface RouteFlags {
  /** Open to a user signed in with a one-time password, before they choose their own (docs/product.md §4). */
  beforePasswordChange?: true;
  /**
   * A read that marking offline needs (docs/product.md §4): answered `private, no-cache` (every other answer
   * is `no-store`), and the only answers the service worker keeps (shared/offline-reads.ts).
   */
  offlineRead?: true;
}

export interface Route extends RouteFlags {
  method: Method;
  /** Path under /api/v1, with {param} placeholders as API Gateway writes them. */
  path: string;
  resource: Resource;
  access: Access;
}

// Generic, so that each row keeps its literal method, path and resource: RouteKeyOf reads them.
const r = <M extends Method, P extends string, R extends Resource, A extends Access>(
  method: M,
  path: P,
  resource: R,
  access: A,
  flags: RouteFlags = {},
) => ({ method, path, resource, access, ...flags });
const BEFORE_PASSWORD_CHANGE = { beforePasswordChange: true } as const;
const OFFLINE_READ = { offlineRead: true } as const;

export const ROUTES = [
  r('GET', '/config', 'auth', 'public'),
  r('POST', '/auth/login', 'auth', 'public'),
  r('GET', '/auth/currentstatus', 'auth', 'user', BEFORE_PASSWORD_CHANGE),
  r('POST', '/auth/logout', 'auth', 'optional', BEFORE_PASSWORD_CHANGE),
  r('POST', '/auth/register', 'auth', 'admin'),
  // The signed-in user's own account: their password and their sessions (docs/product.md §4).
  r('POST', '/auth/password', 'auth', 'user', BEFORE_PASSWORD_CHANGE),
  r('GET', '/auth/sessions', 'auth', 'user'),
  r('DELETE', '/auth/sessions/{id}', 'auth', 'user'),
  r('DELETE', '/auth/sessions', 'auth', 'user'),
  r('GET', '/user', 'user', 'admin'),
  r('DELETE', '/user/{id}', 'user', 'admin'),
  r('POST', '/user/{id}/reset-password', 'user', 'admin'),
  r('POST', '/user/{id}/unlock', 'user', 'admin'),

  r('POST', '/term', 'term', 'admin'),
  r('GET', '/term', 'term', 'user'),
  r('GET', '/term/active', 'term', 'user', OFFLINE_READ),
  r('PATCH', '/term/{id}', 'term', 'admin'),
  r('POST', '/term/{id}/activate', 'term', 'admin'),
  r('POST', '/semester', 'semester', 'admin'),
  r('GET', '/semester/{termid}', 'semester', 'user', OFFLINE_READ),
  r('GET', '/semester/{id}/dependents', 'semester', 'admin'),
  r('DELETE', '/semester/{id}', 'semester', 'admin'),

  r('POST', '/division', 'division', 'admin'),
  r('GET', '/division/{semid}', 'division', 'user', OFFLINE_READ),
  r('DELETE', '/division/delete/{semid}', 'division', 'admin'),
  r('GET', '/division/{id}/dependents', 'division', 'admin'),
  r('DELETE', '/division/{id}', 'division', 'admin'),
  r('POST', '/batch', 'batch', 'admin'),
  r('GET', '/batch/{divisionid}', 'batch', 'user', OFFLINE_READ),
  r('POST', '/batch/delete', 'batch', 'admin'),
  r('GET', '/batch/{id}/dependents', 'batch', 'admin'),
  r('DELETE', '/batch/{id}', 'batch', 'admin'),

  r('POST', '/student/delete', 'student', 'admin'),
  r('POST', '/student/import', 'student', 'admin'),
  r('POST', '/student', 'student', 'admin'),
  r('GET', '/student/{batchid}', 'student', 'user', OFFLINE_READ),
  r('PATCH', '/student/updateterm', 'student', 'admin'),
  r('PATCH', '/student/{id}', 'student', 'admin'),
  r('GET', '/student/student/{id}', 'student', 'user'),
  r('GET', '/student/division/{divisionid}', 'student', 'user', OFFLINE_READ),
  r('DELETE', '/student/{id}', 'student', 'admin'),

  r('POST', '/course', 'course', 'admin'),
  r('GET', '/course/{semid}', 'course', 'user', OFFLINE_READ),
  r('GET', '/course/{id}/dependents', 'course', 'admin'),
  r('DELETE', '/course/{id}', 'course', 'admin'),
  r('POST', '/slot', 'slot', 'admin'),
  r('GET', '/slot/{termid}', 'slot', 'user', OFFLINE_READ),
  r('PATCH', '/slot/{id}', 'slot', 'admin'),
  r('DELETE', '/slot/{id}', 'slot', 'admin'),
  r('POST', '/attendance', 'attendance', 'user'),
  r('GET', '/attendance', 'attendance', 'user'),
  r('GET', '/attendance/criteria', 'attendance', 'user'),
  r('PATCH', '/attendance/{id}', 'attendance', 'user'),
  r('GET', '/attendance/{id}/history', 'attendance', 'user'),
  r('GET', '/attendance/missing', 'attendance', 'admin'),
  // The college's attendance rules (edit window, how late and excused count): served with attendance, which applies them.
  r('GET', '/settings', 'attendance', 'user', OFFLINE_READ),
  r('PATCH', '/settings', 'attendance', 'admin'),

  r('POST', '/timetable', 'timetable', 'admin'),
  r('GET', '/timetable', 'timetable', 'user', OFFLINE_READ),
  r('GET', '/timetable/today', 'timetable', 'user', OFFLINE_READ),
  r('DELETE', '/timetable/{id}', 'timetable', 'admin'),

  r('GET', '/report/defaulters', 'report', 'user'),
  r('GET', '/report/student/{id}', 'report', 'user'),
] as const satisfies readonly Route[];

/** "METHOD /api/v1/path", exactly as API Gateway puts it in event.routeKey. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${API_PREFIX}${route.path}`;

/** The route keys of one resource's rows, as a type: what its handler map must hold, no more and no less. */
export type RouteKeyOf<R extends Resource> =
  Extract<(typeof ROUTES)[number], { resource: R }> extends infer Row
    ? Row extends { method: infer M extends Method; path: infer P extends string }
      ? `${M} ${typeof API_PREFIX}${P}`
      : never
    : never;

export const ROUTES_BY_KEY: ReadonlyMap<string, Route> = new Map(ROUTES.map((route) => [routeKey(route), route]));

export const routesOf = (resource: Resource): Route[] => ROUTES.filter((route) => route.resource === resource);

/** Methods that change state: they must carry JSON (when they have a body) and a same-origin Origin. */
export const isStateChanging = (method: string): boolean => method !== 'GET' && method !== 'HEAD';
