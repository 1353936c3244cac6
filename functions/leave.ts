import { randomUUID } from 'node:crypto';
import { LEAVE_MESSAGES as M, LEAVE_STATUSES, MAX_ATTACHMENT_BYTES } from '@shared/schemas/leave';
import { MAX_LEAVE_DAYS } from '@shared/schemas/leave-settings';
import { LEAVE_REQUESTS } from '@shared/requests/leave';
import { attachmentLink, uploadForm } from './lib/attachments/storage';
import { Invalid, NotFound } from './lib/domain-errors';
import { leaveApplicationOf } from './lib/entities/leave';
import { entryBefore } from './lib/audit/scope';
import { resource } from './lib/http/resource';
import { assertMayDecide, assertMaySee, assertMayWithdraw, decidableBy } from './lib/leave/access';
import { applyForLeave, daysOf, uploadKey } from './lib/leave/apply';
import { coveredClasses, studentClassesBetween } from './lib/leave/classes';
import { mailStep } from './lib/leave/emails';
import { decide, leaveOrNotFound, revoke, withdraw } from './lib/leave/steps';
import { leavesOfStudent, listLeaves, onLeaveOn } from './lib/repositories/leaves';
import { getStudent } from './lib/repositories/students';

const studentOrNotFound = async (id: string) => {
  const student = await getStudent(id);
  if (!student) throw new NotFound(M.studentNotFound);
  return student;
};

/**
 * Leave resource (docs/product.md §2.17): applications by a student, a guardian or an admin, with an attachment
 * uploaded straight to storage; the decisions of the division's coordinators and admins; and who is on leave in a
 * group on a day, for the marking form.
 */
export const handler = resource('leave', LEAVE_REQUESTS, {
  'POST /leave/student/{id}/attachment': async ({ params, body }) => {
    const student = await studentOrNotFound(params.id);
    const uploadId = randomUUID();
    const key = uploadKey(student._id, uploadId);
    // The table is not written, but a file may be: the audit entry names where (docs/product.md §2.19).
    await entryBefore([key]);
    const form = await uploadForm({ key, contentType: body.type, maxBytes: MAX_ATTACHMENT_BYTES });
    return { data: { uploadId, ...form, maxBytes: MAX_ATTACHMENT_BYTES }, message: M.uploadReady };
  },

  'POST /leave/student/{id}': async ({ params, body, user, appOrigin }) => {
    const record = await applyForLeave(params.id, body, user);
    await mailStep(record, appOrigin);
    return { status: 201, data: leaveApplicationOf(record), message: M.applied };
  },

  'GET /leave/student/{id}': async ({ params }) => {
    const { records } = await leavesOfStudent(params.id);
    return { data: records.map(leaveApplicationOf), message: records.length ? M.list : M.none };
  },

  'GET /leave/student/{id}/classes': async ({ params, query }) => {
    const { from, to } = query;
    if (daysOf(from, to) > MAX_LEAVE_DAYS) throw new Invalid(M.tooLong('A', MAX_LEAVE_DAYS));
    return { data: await studentClassesBetween(await studentOrNotFound(params.id), from, to), message: M.list };
  },

  'GET /leave': async ({ query, user }) => {
    const { status, divisionid, kind } = query;
    const listed = await Promise.all((status ? [status] : LEAVE_STATUSES).map((one) => listLeaves(one, divisionid)));
    const records = (await decidableBy(user, listed.flat())).filter((record) => !kind || record.kind.toLowerCase() === kind.toLowerCase());
    return { data: records.map(leaveApplicationOf), message: records.length ? M.list : M.none };
  },

  'GET /leave/{id}': async ({ params, user }) => {
    const record = await leaveOrNotFound(params.id);
    await assertMaySee(user, record);
    const covers = await coveredClasses(record, await getStudent(record.studentid));
    return { data: { application: leaveApplicationOf(record), covers }, message: M.list };
  },

  'GET /leave/{id}/attachment': async ({ params, user }) => {
    const record = await leaveOrNotFound(params.id);
    await assertMaySee(user, record);
    if (!record.attachment) throw new NotFound(M.noAttachment);
    const { key, name, type } = record.attachment;
    return { data: { url: await attachmentLink(key, name), name, type }, message: M.link };
  },

  'POST /leave/{id}/withdraw': async ({ params, body, user, appOrigin }) => {
    const { version } = body;
    const record = await leaveOrNotFound(params.id);
    assertMayWithdraw(user, record);
    const after = await withdraw(record, version, user);
    await mailStep(after, appOrigin);
    return { data: leaveApplicationOf(after), message: M.withdrawn };
  },

  'POST /leave/{id}/decision': async ({ params, body, user, appOrigin }) => {
    const record = await leaveOrNotFound(params.id);
    await assertMayDecide(user, record);
    const after = await decide(record, body, user);
    if (after.history.length > record.history.length) await mailStep(after, appOrigin);
    return { data: leaveApplicationOf(after), message: after.status === 'approved' ? M.approved : M.rejected };
  },

  'POST /leave/{id}/revoke': async ({ params, body, user, appOrigin }) => {
    const after = await revoke(await leaveOrNotFound(params.id), body, user);
    await mailStep(after, appOrigin);
    return { data: leaveApplicationOf(after), message: M.revoked };
  },

  'GET /leave/group/{groupid}': async ({ params, query }) => {
    const { entries } = await onLeaveOn(params.groupid, query.date);
    return { data: entries, message: M.onLeave };
  },
});
