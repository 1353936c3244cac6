/**
 * The route table: every API route, the resource (Lambda) that serves it and who may call it.
 * It drives the CDK routes, the local server's dispatch, each resource's router, the
 * authorization tests and the web client's calls. Paths sit under /api/v1.
 */
export const API_PREFIX = '/api/v1';

export const RESOURCES = [
  'auth',
  'signin',
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
  'leave',
  'privacy',
] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * public: anyone, and who asks is not looked up (no session read); optional: anyone, the user when signed
 * in (logout ends their session); signedIn: anyone signed in, whatever their role (their own account);
 * staff: signed-in admins and faculty; admin: signed-in admins only; ownRecord: staff, the student whose
 * record the path's {id} is, and a guardian linked to that student; applicant: as ownRecord, but admins rather than
 * all staff (who may apply for a student's leave); student: students only, each for themselves (checking in).
 */
export type Access = 'public' | 'optional' | 'signedIn' | 'staff' | 'admin' | 'ownRecord' | 'applicant' | 'student';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What else a row says of its route. */
export interface RouteFlags {
  /** Open to a user signed in with a one-time password, before they choose their own (docs/product.md §4). */
  beforePasswordChange?: true;
  /**
   * A read that marking offline or a student's Home offline needs (docs/product.md §4, §2.16): answered `private, no-cache` (every other answer
   * is `no-store`), and the only answers the service worker keeps (shared/offline-reads.ts).
   */
  offlineRead?: true;
  /** A correction or a deletion: logged as the security event 'data changed' (docs/security.md). */
  dataChange?: true;
  /** A read of one person's data (a student's record, leave): an audit entry when someone other than a student reads it. */
  personRead?: true;
  /**
   * The cached reads a successful call can change, by path prefix (the web app reloads them after the write):
   * the level written and all a cascade reaches.
   */
  refreshes?: readonly string[];
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
  ...flags: RouteFlags[]
) => ({ method, path, resource, access, ...Object.assign({}, ...flags) }) as { method: M; path: P; resource: R; access: A } & RouteFlags;
const BEFORE_PASSWORD_CHANGE = { beforePasswordChange: true } as const;
const OFFLINE_READ = { offlineRead: true } as const;
const DATA_CHANGE = { dataChange: true } as const;
const PERSON_READ = { personRead: true } as const;
const refreshes = (...prefixes: string[]): RouteFlags => ({ refreshes: prefixes });
/** The timetable's reads: its entries, Today and the classes not marked (a class whose course, group or slot is gone is left out of the last two). */
const CLASSES = ['/timetable', '/attendance/missing'];
/** A rename shows in its level's lists, the reports and a student search (the timetable's reads name divisions, batches and courses). */
const RENAMED = (level: string) => [level, '/report', '/student/search'];
/** A level's delete reaches the levels under it. */
const UNDER_SEMESTER = ['/semester/', '/division/', '/batch/', '/course/', '/student/', ...CLASSES];
const UNDER_DIVISION = ['/division/', '/batch/', '/student/', ...CLASSES];
const UNDER_BATCH = ['/batch/', '/student/', ...CLASSES];

export const ROUTES = [
  r('GET', '/config', 'auth', 'public'),
  // The privacy notice's college and contact (docs/product.md §2.20): anyone, before signing in.
  r('GET', '/privacy', 'auth', 'public'),
  r('POST', '/auth/login', 'auth', 'public'),
  r('GET', '/auth/currentstatus', 'auth', 'signedIn', BEFORE_PASSWORD_CHANGE),
  r('POST', '/auth/logout', 'auth', 'optional', BEFORE_PASSWORD_CHANGE),
  r('POST', '/auth/register', 'auth', 'admin', refreshes('/user')),
  // The signed-in user's own account: their password and their sessions (docs/product.md §4).
  r('POST', '/auth/password', 'auth', 'staff', BEFORE_PASSWORD_CHANGE, refreshes('/auth/sessions')),
  r('GET', '/auth/sessions', 'auth', 'signedIn'),
  r('DELETE', '/auth/sessions/{id}', 'auth', 'signedIn', refreshes('/auth/sessions')),
  r('DELETE', '/auth/sessions', 'auth', 'signedIn'),
  r('GET', '/user', 'user', 'admin'),
  // A deleted user's timetable entries go with them.
  r('DELETE', '/user/{id}', 'user', 'admin', DATA_CHANGE, refreshes('/user', ...CLASSES)),
  r('POST', '/user/{id}/reset-password', 'user', 'admin'),
  r('POST', '/user/{id}/unlock', 'user', 'admin'),
  // Signs any account out everywhere: a staff user's, a student's or a guardian's (a lost phone, a shared computer).
  r('DELETE', '/user/{id}/sessions', 'user', 'admin', DATA_CHANGE),
  // A user who sets their own password (docs/product.md §2.5, §4): created and emailed a link (a welcome), or
  // sent one later by an admin; the link's token sets the password. Served with the users: the mail goes from there.
  r('POST', '/user/invite', 'user', 'admin', refreshes('/user')),
  r('POST', '/user/{id}/set-password-link', 'user', 'admin'),
  // Invitations in bulk for students and guardians (docs/product.md §4): a run is listed and queued here, and the
  // jobs' Lambda sends its emails at the mail service's rate. Served with the users: the accounts they open are theirs.
  r('POST', '/invitation', 'user', 'admin', refreshes('/invitation')),
  r('GET', '/invitation', 'user', 'admin'),
  r('GET', '/invitation/batch/{batchid}', 'user', 'admin'),
  // The audit trail (docs/product.md §2.19): who changed what and who read whose data. Served with the users.
  r('GET', '/audit', 'user', 'admin'),
  r('POST', '/auth/set-password', 'auth', 'public'),
  // Sign-in without a password (docs/product.md §4): by an emailed link, in the browser that asked for it.
  r('POST', '/auth/link', 'signin', 'public'),
  r('POST', '/auth/link/token', 'signin', 'public'),
  r('POST', '/auth/link/code', 'signin', 'public'),
  // Or with the college's Google or Microsoft account: the providers offered, a start, and the return's finish.
  r('GET', '/auth/oidc', 'signin', 'public'),
  r('POST', '/auth/oidc/{provider}/start', 'signin', 'public'),
  r('POST', '/auth/oidc/finish', 'signin', 'public'),

  r('POST', '/term', 'term', 'admin', refreshes('/term')),
  r('GET', '/term', 'term', 'staff'),
  r('GET', '/term/active', 'term', 'staff', OFFLINE_READ),
  // The active term decides Home's semesters, the slots, and the term of Today and the timetable.
  r('PATCH', '/term/{id}', 'term', 'admin', DATA_CHANGE, refreshes('/term', '/semester/', '/slot/', ...CLASSES)),
  r('POST', '/term/{id}/activate', 'term', 'admin', refreshes('/term', '/semester/', '/slot/', ...CLASSES)),
  r('POST', '/semester', 'semester', 'admin', refreshes('/semester/')),
  r('GET', '/semester/{termid}', 'semester', 'staff', OFFLINE_READ),
  r('GET', '/semester/{id}/dependents', 'semester', 'admin'),
  r('PATCH', '/semester/{id}', 'semester', 'admin', DATA_CHANGE, refreshes(...RENAMED('/semester/'))),
  r('DELETE', '/semester/{id}', 'semester', 'admin', DATA_CHANGE, refreshes(...UNDER_SEMESTER)),

  r('POST', '/division', 'division', 'admin', refreshes('/division/')),
  r('GET', '/division/{semid}', 'division', 'staff', OFFLINE_READ),
  r('DELETE', '/division/delete/{semid}', 'division', 'admin', DATA_CHANGE, refreshes(...UNDER_DIVISION)),
  r('GET', '/division/{id}/dependents', 'division', 'admin'),
  r('PATCH', '/division/{id}', 'division', 'admin', DATA_CHANGE, refreshes(...RENAMED('/division/'), ...CLASSES)),
  // Who decides the division's leave applications.
  r('PATCH', '/division/{id}/coordinators', 'division', 'admin', DATA_CHANGE, refreshes('/division/', '/leave')),
  r('DELETE', '/division/{id}', 'division', 'admin', DATA_CHANGE, refreshes(...UNDER_DIVISION)),
  r('POST', '/batch', 'batch', 'admin', refreshes('/batch/')),
  r('GET', '/batch/{divisionid}', 'batch', 'staff', OFFLINE_READ),
  r('POST', '/batch/delete', 'batch', 'admin', DATA_CHANGE, refreshes(...UNDER_BATCH)),
  r('GET', '/batch/{id}/dependents', 'batch', 'admin'),
  r('PATCH', '/batch/{id}', 'batch', 'admin', DATA_CHANGE, refreshes(...RENAMED('/batch/'), ...CLASSES)),
  r('DELETE', '/batch/{id}', 'batch', 'admin', DATA_CHANGE, refreshes(...UNDER_BATCH)),

  r('POST', '/student/delete', 'student', 'admin', DATA_CHANGE, refreshes('/student/')),
  r('POST', '/student/import', 'student', 'admin', refreshes('/student/', '/division/', '/batch/', '/report')),
  r('POST', '/student', 'student', 'admin', refreshes('/student/', '/report')),
  r('GET', '/student/{batchid}', 'student', 'staff', OFFLINE_READ),
  r('PATCH', '/student/updateterm', 'student', 'admin', DATA_CHANGE, refreshes('/student/', '/report')),
  r('PATCH', '/student/{id}', 'student', 'admin', DATA_CHANGE, refreshes('/student/', '/report')),
  r('GET', '/student/student/{id}', 'student', 'staff', PERSON_READ),
  // Find a student by name or enrollment (the Students screen and Reports, so whoever reads reports).
  r('GET', '/student/search', 'student', 'staff'),
  r('GET', '/student/division/{divisionid}', 'student', 'staff', OFFLINE_READ),
  r('DELETE', '/student/{id}', 'student', 'admin', DATA_CHANGE, refreshes('/student/', '/report')),
  // A student's data on request (docs/product.md §2.21): the export (admins; the student and guardians once their
  // request is fulfilled), the request from Home, the admins' list and fulfilment, and erasure. A Lambda of their own:
  // they read and erase every kind of a student's items, which no other resource needs.
  r('GET', '/student/{id}/export', 'privacy', 'applicant', PERSON_READ),
  r('GET', '/student/{id}/data-request', 'privacy', 'applicant'),
  r('POST', '/student/{id}/data-request', 'privacy', 'applicant', refreshes('/student/')),
  r('GET', '/student/data-requests', 'privacy', 'admin'),
  r('POST', '/student/{id}/data-request/fulfil', 'privacy', 'admin', refreshes('/student/')),
  r('POST', '/student/{id}/erase', 'privacy', 'admin', DATA_CHANGE, refreshes('/student/', '/report')),

  r('POST', '/course', 'course', 'admin', refreshes('/course/')),
  r('GET', '/course/{semid}', 'course', 'staff', OFFLINE_READ),
  r('GET', '/course/{id}/dependents', 'course', 'admin'),
  r('PATCH', '/course/{id}', 'course', 'admin', DATA_CHANGE, refreshes(...RENAMED('/course/'), ...CLASSES)),
  r('DELETE', '/course/{id}', 'course', 'admin', DATA_CHANGE, refreshes('/course/', ...CLASSES)),
  r('POST', '/slot', 'slot', 'admin', refreshes('/slot/')),
  r('GET', '/slot/{termid}', 'slot', 'staff', OFFLINE_READ),
  r('PATCH', '/slot/{id}', 'slot', 'admin', DATA_CHANGE, refreshes('/slot/', ...CLASSES)),
  r('DELETE', '/slot/{id}', 'slot', 'admin', DATA_CHANGE, refreshes('/slot/', ...CLASSES)),
  // A marked class shows as marked on Today and leaves the classes not marked.
  r('POST', '/attendance', 'attendance', 'staff', refreshes('/timetable/today', '/attendance/missing', '/report')),
  r('GET', '/attendance', 'attendance', 'staff'),
  r('GET', '/attendance/criteria', 'attendance', 'staff'),
  r('PATCH', '/attendance/{id}', 'attendance', 'staff', DATA_CHANGE, refreshes('/attendance', '/report')),
  r('GET', '/attendance/{id}/history', 'attendance', 'staff'),
  r('GET', '/attendance/missing', 'attendance', 'admin'),
  // Check-in (docs/product.md §2.18): the teacher opens it for a class of now, the screen reads its code, students check in.
  r('POST', '/checkin', 'attendance', 'staff'),
  r('GET', '/checkin/{id}', 'attendance', 'staff'),
  r('POST', '/checkin/{id}/close', 'attendance', 'staff'),
  r('POST', '/checkin/student', 'attendance', 'student'),
  // The college's attendance rules (edit window, how late and excused count): served with attendance, which applies them.
  // Everyone signed in reads them: the college's time zone, and the rules a student's standing follows.
  r('GET', '/settings', 'attendance', 'signedIn', OFFLINE_READ),
  r('PATCH', '/settings', 'attendance', 'admin', DATA_CHANGE, refreshes('/settings', '/attendance', '/report')),

  r('POST', '/timetable', 'timetable', 'admin', refreshes(...CLASSES)),
  r('GET', '/timetable', 'timetable', 'staff', OFFLINE_READ),
  r('GET', '/timetable/today', 'timetable', 'staff', OFFLINE_READ),
  r('PATCH', '/timetable/{id}', 'timetable', 'admin', DATA_CHANGE, refreshes(...CLASSES)),
  r('DELETE', '/timetable/{id}', 'timetable', 'admin', DATA_CHANGE, refreshes(...CLASSES)),

  r('GET', '/report/defaulters', 'report', 'staff'),
  // A student's or guardian's Home, kept on the device for them until they sign out.
  r('GET', '/report/student/{id}', 'report', 'ownRecord', OFFLINE_READ, PERSON_READ),
  r('GET', '/report/student/{id}/standing', 'report', 'ownRecord', OFFLINE_READ, PERSON_READ),

  // Leave applications (docs/product.md §2.17). Who may see or act on one application (its student and guardians,
  // the coordinators of the student's division, admins) is checked against it by the handler.
  r('POST', '/leave/student/{id}/attachment', 'leave', 'applicant'),
  r('POST', '/leave/student/{id}', 'leave', 'applicant', refreshes('/leave')),
  r('GET', '/leave/student/{id}', 'leave', 'applicant', PERSON_READ),
  r('GET', '/leave/student/{id}/classes', 'leave', 'applicant'),
  r('GET', '/leave', 'leave', 'staff'),
  r('GET', '/leave/{id}', 'leave', 'signedIn', PERSON_READ),
  r('GET', '/leave/{id}/attachment', 'leave', 'signedIn', PERSON_READ),
  r('POST', '/leave/{id}/withdraw', 'leave', 'signedIn', refreshes('/leave')),
  // Approval corrects the classes already marked: their reports change.
  r('POST', '/leave/{id}/decision', 'leave', 'staff', DATA_CHANGE, refreshes('/leave', '/attendance', '/report')),
  r('POST', '/leave/{id}/revoke', 'leave', 'admin', DATA_CHANGE, refreshes('/leave', '/attendance', '/report')),
  // The marking form pre-fills the students on leave that day (kept offline with the group's students).
  r('GET', '/leave/group/{groupid}', 'leave', 'staff', OFFLINE_READ),
] as const satisfies readonly Route[];

/**
 * Who did what (docs/product.md §2.19): every change a signed-in caller makes is an audit entry, written with the
 * change; so is a read of one person's data by anyone but a student (who reads only their own). The public and
 * sign-in routes are not: the security log and the sign-in records hold those (docs/security.md).
 */
export const auditOf = (route: Pick<Route, 'method' | 'access' | 'personRead'>): 'change' | 'read' | null =>
  route.access === 'public' || route.access === 'optional' ? null : route.method !== 'GET' ? 'change' : route.personRead ? 'read' : null;

/** "METHOD /api/v1/path", exactly as API Gateway puts it in event.routeKey. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${API_PREFIX}${route.path}`;

type Row = (typeof ROUTES)[number];
type KeyOfRow<R> = R extends { method: infer M extends Method; path: infer P extends string } ? `${M} ${P}` : never;

/** "METHOD /path" for every row of the table, e.g. 'GET /semester/{termid}': how code and tests name a route. */
export type ApiRouteKey = KeyOfRow<Row>;

/** The keys of one resource's rows, as a type: what its handler map must hold, no more and no less. */
export type RouteKeyOf<R extends Resource> = KeyOfRow<Extract<Row, { resource: R }>>;

/** Who may call a route, by its key: 'admin' for 'POST /slot'. */
export type AccessOf<K extends ApiRouteKey> = Row extends infer Each
  ? Each extends Row
    ? KeyOfRow<Each> extends K
      ? Each['access']
      : never
    : never
  : never;

/** A row's key as code names it: 'GET /term' (the handler maps, the contract, the tests). */
export const apiRouteKey = (route: Pick<Route, 'method' | 'path'>): ApiRouteKey => `${route.method} ${route.path}` as ApiRouteKey;

/** A route's key as code names it, from API Gateway's routeKey: 'GET /api/v1/term' → 'GET /term'. */
export const shortKey = (gatewayKey: string): string => gatewayKey.replace(` ${API_PREFIX}/`, ' /');

export const ROUTES_BY_KEY: ReadonlyMap<string, Route> = new Map(ROUTES.map((route) => [routeKey(route), route]));

export const routesOf = (resource: Resource): Route[] => ROUTES.filter((route) => route.resource === resource);

/** Methods that change state: they must carry JSON (when they have a body) and a same-origin Origin. */
export const isStateChanging = (method: string): boolean => method !== 'GET' && method !== 'HEAD';
