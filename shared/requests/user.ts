import { auditQuerySchema } from '../schemas/audit';
import { inviteSchema } from '../schemas/auth';
import { idParam } from '../schemas/common';
import { invitationSchema } from '../schemas/invitation';
import type { RequestsOf } from './types';

const otherUser = { params: idParam('User not found') };

export const USER_REQUESTS = {
  'GET /user': {},
  'DELETE /user/{id}': { params: idParam() },
  'POST /user/{id}/reset-password': otherUser,
  'POST /user/{id}/unlock': otherUser,
  'DELETE /user/{id}/sessions': otherUser,
  'POST /user/invite': { body: inviteSchema },
  'POST /user/{id}/set-password-link': otherUser,
  'POST /invitation': { body: invitationSchema },
  'GET /invitation': {},
  'GET /invitation/batch/{batchid}': { params: idParam('Batch not found', 'batchid') },
  'GET /audit': { query: auditQuerySchema },
} as const satisfies RequestsOf<'user'>;
