import { STUDENT_DATA_MESSAGES as DATA } from '@shared/schemas/student-data';
import { PRIVACY_REQUESTS } from '@shared/requests/privacy';
import { Conflict, NotFound } from './lib/domain-errors';
import { resource } from './lib/http/resource';
import type { CurrentUser } from './lib/http/types';
import { eraseStudent } from './lib/privacy/erase';
import { studentData } from './lib/privacy/export';
import { fulfilDataRequest, getDataRequest, isReady, listOpenDataRequests, openDataRequest } from './lib/repositories/data-requests';
import { getStudent, getStudents } from './lib/repositories/students';
import { toPublicStudent } from './lib/students/public-student';

/** Who made or fulfilled a data request. */
const actor = ({ _id, username, role }: CurrentUser) => ({ _id, username, role });

/**
 * Privacy resource (docs/product.md §2.21): a student's data on request (the export, the request from Home, the
 * admins' list and fulfilment) and erasure.
 */
export const handler = resource('privacy', PRIVACY_REQUESTS, {
  // A student's data on request (docs/product.md §2.21): admins at any time; the student and guardians once fulfilled.
  'GET /student/{id}/export': async ({ params, user }) => {
    if (user.role !== 'admin' && !isReady(await getDataRequest(params.id))) throw new Conflict(DATA.notReady);
    return { data: await studentData(params.id, toPublicStudent), message: DATA.exported };
  },

  'GET /student/{id}/data-request': async ({ params }) => {
    const request = await getDataRequest(params.id);
    return { data: request, message: request ? DATA.request : DATA.noRequest };
  },

  // Made again while one is open, it answers the open one and changes nothing.
  'POST /student/{id}/data-request': async ({ params, user }) => {
    if (!(await getStudent(params.id))) throw new NotFound(DATA.studentNotFound);
    const { request, created } = await openDataRequest(params.id, actor(user));
    return { status: created ? 201 : 200, data: request, message: created ? DATA.requested : DATA.alreadyRequested };
  },

  'GET /student/data-requests': async () => {
    const requests = await listOpenDataRequests();
    const students = new Map((await getStudents(requests.map((one) => one.studentid))).map((one) => [one._id, one]));
    const data = requests.map((request) => {
      const student = students.get(request.studentid);
      return { ...request, student: student ? { name: student.name, enrollment: student.enrollment } : null };
    });
    return { data, message: DATA.requests };
  },

  'POST /student/{id}/data-request/fulfil': async ({ params, user }) => {
    const ready = await fulfilDataRequest(params.id, actor(user));
    if (!ready) throw new Conflict(DATA.nothingToFulfil);
    return { data: ready, message: DATA.fulfilled };
  },

  'POST /student/{id}/erase': async ({ params, body }) => {
    const removed = await eraseStudent(params.id, body.enrollment);
    return { data: { _id: params.id, erasedAt: new Date().toISOString(), removed }, message: DATA.erased };
  },
});
