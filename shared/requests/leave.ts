import { idParam } from '../schemas/common';
import {
  decisionSchema,
  LEAVE_MESSAGES as M,
  leaveApplicationSchema,
  leaveListQuerySchema,
  onLeaveQuerySchema,
  revokeSchema,
  studentClassesQuerySchema,
  uploadRequestSchema,
  withdrawSchema,
} from '../schemas/leave';
import type { RequestsOf } from './types';

const STUDENT = { params: idParam(M.studentNotFound) };

export const LEAVE_REQUESTS = {
  'POST /leave/student/{id}/attachment': { ...STUDENT, body: uploadRequestSchema },
  'POST /leave/student/{id}': { ...STUDENT, body: leaveApplicationSchema },
  'GET /leave/student/{id}': STUDENT,
  'GET /leave/student/{id}/classes': { ...STUDENT, query: studentClassesQuerySchema },
  'GET /leave': { query: leaveListQuerySchema },
  'GET /leave/{id}': {},
  'GET /leave/{id}/attachment': {},
  'POST /leave/{id}/withdraw': { body: withdrawSchema },
  'POST /leave/{id}/decision': { body: decisionSchema },
  'POST /leave/{id}/revoke': { body: revokeSchema },
  'GET /leave/group/{groupid}': { params: idParam(M.groupid, 'groupid'), query: onLeaveQuerySchema },
} as const satisfies RequestsOf<'leave'>;
