import type { InvitationAudience, InvitationScope, SkipReason } from '@shared/schemas/invitation-choices';
import type { Key, KeyCondition } from '../keys';
import { GSI1 } from '../table-schema';

/**
 * Invitations in bulk (docs/product.md §4). A run (one admin's "Send invitations") is one item holding what it
 * covers and its counters; each recipient is an outbox item in the run's partition: a student by id, a guardian
 * by address (siblings' shared guardian is one item, one email, linked to each child). While an outbox item waits
 * to be sent it sits on gsi1 under QUEUED_PARTITION, in the order runs were made: the jobs' Lambda drains it from
 * there, and settling an item takes it off (a sparse index of what is left to send).
 */
const RUNS_PARTITION = 'INVITATIONS';
const QUEUED_PARTITION = 'INVITATIONS#QUEUED';

export const invitationRun = (runId: string): Key => ({ pk: `INVITATION#${runId}`, sk: 'RUN' });
/** The run's place in the list of runs (gsi1), newest last by its time of creation. */
export const invitationRunEntry = (run: { _id: string; createdAt: string }) => ({
  gsi1pk: RUNS_PARTITION,
  gsi1sk: `${run.createdAt}#${run._id}`,
});
export const allInvitationRuns = (): KeyCondition => ({
  IndexName: GSI1,
  KeyConditionExpression: 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': RUNS_PARTITION },
});

export type RecipientKind = 'student' | 'guardian';
/** The outbox item of one recipient: a student by id, a guardian by address (lower case). */
export const invitationMail = (runId: string, kind: RecipientKind, who: string): Key => ({
  pk: `INVITATION#${runId}`,
  sk: `MAIL#${kind}#${kind === 'guardian' ? who.toLowerCase() : who}`,
});
export const mailsOfRun = (runId: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': `INVITATION#${runId}`, ':prefix': 'MAIL#' },
});
/** An outbox item's place among the queued (gsi1): removed once it is sent, skipped or failed. */
export const queuedMailEntry = (run: { _id: string; createdAt: string }, mail: Key) => ({
  gsi1pk: QUEUED_PARTITION,
  gsi1sk: `${run.createdAt}#${run._id}#${mail.sk}`,
});
export const queuedMails = (): KeyCondition => ({
  IndexName: GSI1,
  KeyConditionExpression: 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': QUEUED_PARTITION },
});

export interface InvitationRunItem {
  _id: string;
  scope: InvitationScope;
  scopeId?: string;
  scopeName?: string;
  who: InvitationAudience;
  total: number;
  sent: number;
  skipped: number;
  failed: number;
  skippedBecause: Record<SkipReason, number>;
  createdAt: string;
  by: { _id: string; username: string };
  /** The web app's address the emails link to: the admin's own page's origin. */
  site: string;
}

export type MailState = 'queued' | 'sending' | 'sent' | 'skipped' | 'failed';

export interface InvitationMailItem {
  pk: string;
  sk: string;
  runId: string;
  kind: RecipientKind;
  /** The student's own id, or the guardian's children in this run. */
  studentIds: string[];
  name: string;
  /** The address when listed; a student's is read again when sending. */
  email: string;
  state: MailState;
  reason?: string;
  claimToken?: string;
  leaseUntil?: number;
  sentAt?: string;
}

/** The run's item as stored. */
export const invitationRunItem = (run: InvitationRunItem) => ({
  ...invitationRun(run._id),
  ...invitationRunEntry(run),
  entity: 'invitationRun',
  ...run,
});

/** A recipient's outbox item as stored: queued. */
export const queuedMailItem = (run: InvitationRunItem, mail: Omit<InvitationMailItem, 'pk' | 'sk' | 'runId' | 'state'>) => {
  const key = invitationMail(run._id, mail.kind, mail.kind === 'guardian' ? mail.email : mail.studentIds[0]!);
  return { ...key, ...queuedMailEntry(run, key), entity: 'invitationMail', runId: run._id, state: 'queued', ...mail };
};
