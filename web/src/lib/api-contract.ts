import type { ROUTES } from '@shared/routes';
import type { AppConfig, LoginInput, PublicUser, RegisterInput } from '@shared/schemas/auth';
import type { MarkInput } from '@shared/schemas/attendance';
import type { Batch, Course, DivisionStudentEntry, Division, Semester, Slot, Student, Term } from '@shared/schemas/structure';

/**
 * The web client's view of the route table (shared/routes.ts): every route key the app may call,
 * what it sends and what `data` it answers. Keys are checked against the table at compile time,
 * so a route removed there breaks the build here.
 */
type AnyRoute = (typeof ROUTES)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;

/** "METHOD /path" for every route of the table, e.g. 'GET /semester/{termid}'. */
export type ApiRouteKey = KeyOf<AnyRoute>;

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** The path parameters of a route key: 'GET /course/{semid}' → { semid: string }. */
export type RouteParams<K extends string> = K extends `${string} ${infer P}` ? { [N in PathParamNames<P>]: string } : never;

export interface ApiContract {
  'GET /config': { data: AppConfig };
  'POST /auth/login': { body: LoginInput; data: PublicUser };
  'GET /auth/currentstatus': { data: PublicUser };
  'POST /auth/logout': { data: null };
  'POST /auth/register': { body: RegisterInput; data: PublicUser };
  'GET /user': { data: PublicUser[] };

  'GET /term': { data: Term[] };
  'GET /term/active': { data: Term[] };
  'PATCH /term/{id}': { body: { status: boolean }; data: Term };
  'GET /semester/{termid}': { data: Semester[] };
  'GET /course/{semid}': { data: Course[] };
  'GET /slot/{termid}': { data: Slot[] };
  'GET /division/{semid}': { data: Division[] };
  'GET /batch/{divisionid}': { data: Batch[] };
  'GET /student/{batchid}': { data: Student[] };
  'GET /student/division/{divisionid}': { data: DivisionStudentEntry[] };

  'POST /attendance': {
    body: MarkInput;
    data: { date: string; groupid: string; present: number; expected: number };
  };
}

// Every key above must be a route of the table (a typo or a removed route fails typechecking).
type OnlyRoutes<T extends ApiRouteKey> = T;
export type ContractKey = OnlyRoutes<keyof ApiContract>;

export type ApiData<K extends ContractKey> = ApiContract[K]['data'];
export type ApiBody<K extends ContractKey> = ApiContract[K] extends { body: infer B } ? B : never;
export type GetKey = Extract<ContractKey, `GET ${string}`>;
