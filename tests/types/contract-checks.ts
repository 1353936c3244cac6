/*
 * Compile-time checks of the typed contract (shared/api-schemas.ts → shared/api-contract.ts): `npm run typecheck`
 * (part of `npm test`) fails when a line marked @ts-expect-error compiles, i.e. when the contract stops catching it.
 */
import type { RouteHandler } from '@functions/lib/http/types';
import { resource } from '@functions/lib/http/resource';
import { REPORT_REQUESTS } from '@shared/requests/report';
import type { RequestsOf } from '@shared/requests/types';
import type { Routes } from '../web/support/fake-api';

// A handler answering a shape its row does not allow does not compile…
// @ts-expect-error a term has no `title`, and needs its name and status
export const wrongShape: RouteHandler<'GET /term'> = async () => ({ data: [{ _id: 't1', title: '2026-27' }], message: 'Term list' });
// …nor one answering a term where its row says a list of terms.
// @ts-expect-error GET /term answers a list
export const notAList: RouteHandler<'GET /term'> = async () => ({ data: { _id: 't1', name: 'T', status: true }, message: '' });

// A route's path parameters are its own, and its user is there when its access requires one.
export const params: RouteHandler<'GET /report/student/{id}'> = async ({ params, user }) => {
  // @ts-expect-error the route's parameter is `id`
  void params.studentid;
  void user.email;
  throw new Error('never run');
};
export const optionalUser: RouteHandler<'POST /auth/logout'> = async ({ user }) => {
  // @ts-expect-error logout is open to anyone: the user may be null
  void user.email;
  return { data: null, message: '' };
};

// A handler has its body and query as its row's schemas parse them.
export const parsedBody: RouteHandler<'PATCH /attendance/{id}'> = async ({ body }) => {
  const reason: string = body.reason;
  // @ts-expect-error a correction has no `comment`
  void body.comment;
  void reason;
  throw new Error('never run');
};
export const parsedQuery: RouteHandler<'GET /report/defaulters'> = async ({ query }) => {
  // @ts-expect-error the threshold is parsed into a number
  const threshold: string | undefined = query.threshold;
  void threshold;
  throw new Error('never run');
};

// A resource's handlers and request schemas cover exactly its rows.
export const missingRoute = () =>
  // @ts-expect-error 'GET /report/student/{id}' has no handler
  resource('report', REPORT_REQUESTS, { 'GET /report/defaulters': async () => ({ data: { threshold: 75, students: [] }, message: '' }) });
// @ts-expect-error 'GET /report/student/{id}/standing' has no row of request schemas
export const missingRequests: RequestsOf<'report'> = { 'GET /report/defaulters': {}, 'GET /report/student/{id}': {} };

// A web fixture drifting from the contract does not compile either.
export const driftingFixture: Routes<{ 'GET /term': unknown }> = {
  // @ts-expect-error `active` is not a field of a term
  'GET /term': { data: [{ _id: 't1', name: 'T', status: true, active: true }] },
};
