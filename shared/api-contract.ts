import type * as z from 'zod/mini';
import type { ROUTES } from './routes';
import type {
  ActiveSession,
  AppConfig,
  ChangePasswordInput,
  LoginInput,
  PasswordReset,
  PublicUser,
  RegisterInput,
  SignedInUser,
} from './schemas/auth';
import type {
  AttendanceRecord,
  CorrectionInput,
  CriteriaQuery,
  HistoryEntry,
  MarkedSession,
  MarkInput,
  PercentageReport,
  SessionView,
  ViewQuery,
} from './schemas/attendance';
import type { CollegeSettings, SettingsPatch } from './schemas/settings';
import type { NotMarked, TimetableEntry, TimetableEntryInput, TimetableQuery, TodayClass } from './schemas/timetable';
import type { DefaulterReport, DefaultersQuery, RecordQuery, StudentRecord } from './schemas/reports';
import type { DeletedTree, Dependents } from './schemas/dependents';
import type { StudentImportResult, studentImportSchema } from './schemas/student-import';
import type {
  Batch,
  batchDeleteSchema,
  batchSchema,
  changeTermSchema,
  Course,
  courseSchema,
  DeletedStudents,
  Division,
  divisionSchema,
  DivisionStudentEntry,
  MovedStudents,
  Semester,
  semesterSchema,
  Slot,
  slotSchema,
  slotUpdateSchema,
  termActivationSchema,
  Student,
  studentDeleteSchema,
  studentSchema,
  studentUpdateSchema,
  Term,
  termSchema,
  termStatusSchema,
} from './schemas/structure';

/** A request body: what the route's shared schema gives the server once parsed. */
type Body<S extends z.ZodMiniType> = z.output<S>;

/**
 * The web client's view of the route table (shared/routes.ts): for every route, what it sends
 * (body, query) and what `data` it answers. The table and this contract are checked against each
 * other at compile time: a route missing here, or an entry that is no route, fails typechecking.
 */
export interface ApiContract {
  'GET /config': { data: AppConfig };
  'POST /auth/login': { body: LoginInput; data: SignedInUser };
  'GET /auth/currentstatus': { data: SignedInUser };
  'POST /auth/logout': { data: null };
  'POST /auth/register': { body: RegisterInput; data: PublicUser };
  'POST /auth/password': { body: ChangePasswordInput; data: SignedInUser };
  'GET /auth/sessions': { data: ActiveSession[] };
  'DELETE /auth/sessions/{id}': { data: null };
  'DELETE /auth/sessions': { data: null };
  'GET /user': { data: PublicUser[] };
  'DELETE /user/{id}': { data: PublicUser };
  'POST /user/{id}/reset-password': { data: PasswordReset };
  'POST /user/{id}/unlock': { data: { user: PublicUser; wasLocked: boolean } };

  'POST /term': { body: Body<typeof termSchema>; data: Term };
  'GET /term': { data: Term[] };
  'GET /term/active': { data: Term[] };
  'PATCH /term/{id}': { body: Body<typeof termStatusSchema>; data: Term };
  'POST /term/{id}/activate': { body: Body<typeof termActivationSchema>; data: Term[] };
  'POST /semester': { body: Body<typeof semesterSchema>; data: Semester };
  'GET /semester/{termid}': { data: Semester[] };
  'GET /semester/{id}/dependents': { data: Dependents };
  'DELETE /semester/{id}': { data: DeletedTree };

  'POST /division': { body: Body<typeof divisionSchema>; data: Division };
  'GET /division/{semid}': { data: Division[] };
  'DELETE /division/delete/{semid}': { data: string[] };
  'GET /division/{id}/dependents': { data: Dependents };
  'DELETE /division/{id}': { data: DeletedTree };
  'POST /batch': { body: Body<typeof batchSchema>; data: Batch };
  'GET /batch/{divisionid}': { data: Batch[] };
  'POST /batch/delete': { body: Body<typeof batchDeleteSchema>; data: string[] };
  'GET /batch/{id}/dependents': { data: Dependents };
  'DELETE /batch/{id}': { data: DeletedTree };

  'POST /student/delete': { body: Body<typeof studentDeleteSchema>; data: DeletedStudents };
  'POST /student/import': { body: Body<typeof studentImportSchema>; data: StudentImportResult };
  'POST /student': { body: Body<typeof studentSchema>; data: Student };
  'GET /student/{batchid}': { data: Student[] };
  'PATCH /student/updateterm': { body: Body<typeof changeTermSchema>; data: MovedStudents };
  'PATCH /student/{id}': { body: Body<typeof studentUpdateSchema>; data: Student };
  'GET /student/student/{id}': { data: Student };
  'GET /student/division/{divisionid}': { data: DivisionStudentEntry[] };
  'DELETE /student/{id}': { data: Student };

  'POST /course': { body: Body<typeof courseSchema>; data: Course };
  'GET /course/{semid}': { data: Course[] };
  'GET /course/{id}/dependents': { data: Dependents };
  'DELETE /course/{id}': { data: DeletedTree };
  'POST /slot': { body: Body<typeof slotSchema>; data: Slot };
  'GET /slot/{termid}': { data: Slot[] };
  'PATCH /slot/{id}': { body: Body<typeof slotUpdateSchema>; data: Slot };
  'DELETE /slot/{id}': { data: DeletedTree };
  'POST /attendance': { body: MarkInput; data: MarkedSession };
  'GET /attendance': { query: ViewQuery; data: AttendanceRecord[] };
  'GET /attendance/criteria': { query: CriteriaQuery; data: PercentageReport };
  'PATCH /attendance/{id}': { body: CorrectionInput; data: SessionView };
  'GET /attendance/{id}/history': { data: HistoryEntry[] };
  'GET /attendance/missing': { query: { date: string }; data: NotMarked };
  'GET /settings': { data: CollegeSettings };
  'PATCH /settings': { body: SettingsPatch; data: CollegeSettings };

  'POST /timetable': { body: TimetableEntryInput; data: TimetableEntry };
  'GET /timetable': { query: TimetableQuery; data: TimetableEntry[] };
  'GET /timetable/today': { query: { date?: string }; data: TodayClass[] };
  'DELETE /timetable/{id}': { data: TimetableEntry };

  'GET /report/defaulters': { query: DefaultersQuery; data: DefaulterReport };
  'GET /report/student/{id}': { query: RecordQuery; data: StudentRecord };
}

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** "METHOD /path" for every route of the table, e.g. 'GET /semester/{termid}'. */
export type ApiRouteKey = KeyOf<(typeof ROUTES)[number]>;

// The contract and the table hold the same routes: a failure here names what is missing or extra.
type SameKeys<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : { missing: Exclude<A, B>; extra: Exclude<B, A> };
type Assert<T extends true> = T;
export type ContractMatchesTable = Assert<SameKeys<ApiRouteKey, keyof ApiContract>>;

export type ContractKey = keyof ApiContract;
export type GetKey = Extract<ContractKey, `GET ${string}`>;
export type WriteKey = Exclude<ContractKey, GetKey>;

export type ApiData<K extends ContractKey> = ApiContract[K]['data'];
export type ApiBody<K extends ContractKey> = ApiContract[K] extends { body: infer B } ? B : never;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The path parameters of a route key: 'GET /course/{semid}' → { semid: string }. */
export type RouteParams<K extends string> = { [N in ParamNames<K>]: string };

/** What a call of a route carries: its path parameters, body and query, each only where the route has one. */
export type RouteRequest<K extends ContractKey> = (keyof RouteParams<K> extends never ? unknown : { params: RouteParams<K> }) &
  (ApiContract[K] extends { body: infer B } ? { body: B } : unknown) &
  (ApiContract[K] extends { query: infer Q } ? { query: Q } : unknown);

/** The request argument: optional for a route that needs nothing (GET /term), required otherwise. */
export type RequestArg<K extends ContractKey> = object extends RouteRequest<K> ? [request?: RouteRequest<K>] : [request: RouteRequest<K>];

/** The parts of any route's request, untyped. */
export interface RouteParts {
  params?: Record<string, string>;
  body?: unknown;
  query?: object;
}

/**
 * The path of a call under the prefix, which is also its SWR cache key: the route's template with
 * its parameters filled in, and the query (in the order given, empty values left out):
 * ('GET /course/{semid}', { params: { semid: 'x' } }) → '/course/x'.
 */
export function routePath<K extends ContractKey>(key: K, request?: RouteRequest<K>): string {
  const { params = {}, query = {} } = (request ?? {}) as RouteParts;
  const path = key.slice(key.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!params[name]) throw new Error(`Missing path parameter ${name} for ${key}`);
    return encodeURIComponent(params[name]);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
