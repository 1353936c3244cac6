import { INVITATION_MESSAGES } from '@shared/schemas/invitation';
import { linkSender } from '../auth/set-password-mailer';
import { Invalid } from '../domain-errors';
import type { RouteHandler } from '../http/types';
import { securityEvent } from '../http/security-events';
import { createRun, listRuns, publicRun } from '../repositories/invitations';
import { getNode, notFound } from '../repositories/structure';
import { accountsOfBatch } from './batch-accounts';
import { listRecipients } from './recipients';

/**
 * Invitations in bulk (docs/product.md §4), served by the user resource: a run is listed and queued here and
 * answered at once (202); the jobs' Lambda sends it (functions/lib/invitations/drain.ts).
 */
export const invitationHandlers: {
  'POST /invitation': RouteHandler<'POST /invitation'>;
  'GET /invitation': RouteHandler<'GET /invitation'>;
  'GET /invitation/batch/{batchid}': RouteHandler<'GET /invitation/batch/{batchid}'>;
} = {
  'POST /invitation': async (request) => {
    const { scope, id, who } = request.body;
    const sender = linkSender(request.appOrigin);
    if (!sender) throw new Invalid(INVITATION_MESSAGES.mailOff);
    const { recipients, skipped, scopeName } = await listRecipients({ scope, id }, who);
    if (!recipients.length && scope !== 'uninvited') throw new Invalid(INVITATION_MESSAGES.nobody);
    const by = { _id: request.user._id, username: request.user.username };
    const run = await createRun(
      { scope, ...(scope === 'uninvited' ? {} : { scopeId: id, scopeName }), who, by, site: sender.site },
      recipients,
      skipped,
    );
    securityEvent('invitations queued', request, { runId: run._id, scope, scopeId: id, who, recipients: recipients.length });
    const queued = recipients.length;
    return {
      status: 202,
      data: publicRun(run),
      message: queued
        ? `${queued} invitation${queued === 1 ? '' : 's'} queued${skipped.length ? `, ${skipped.length} skipped` : ''}. They go out at the mail service's rate; the progress shows here.`
        : 'Everyone is invited already: nobody to invite.',
    };
  },

  'GET /invitation': async () => {
    const runs = (await listRuns()).map(publicRun);
    return { data: runs, message: runs.length ? 'Invitations' : 'No invitations sent yet' };
  },

  'GET /invitation/batch/{batchid}': async (request) => {
    const { batchid } = request.params;
    const batch = await getNode('batch', batchid);
    if (!batch || batch.deleting) throw notFound('batch');
    const students = await accountsOfBatch(batchid);
    return { data: students, message: students.length ? 'Students and guardians of the batch' : 'No students in this batch' };
  },
};
