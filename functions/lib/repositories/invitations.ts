import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SKIP_REASONS, type SkipReason } from '@shared/schemas/invitation-choices';
import { batchGet, batchPut } from '../batch';
import { db, queryAll, tableName } from '../db';
import {
  allInvitationRuns,
  invitationRun,
  invitationRunItem,
  mailsOfRun,
  queuedMailItem,
  queuedMails,
  type InvitationMailItem,
  type InvitationRunItem,
} from '../entities/invitation';
import { userProfile } from '../entities/user';
import type { Recipient } from '../invitations/recipients';
import { EXISTS, isConditionFailure } from '../writes';

/**
 * Invitation runs and their outbox (functions/lib/entities/invitation.ts). A recipient's email is claimed (a
 * conditional write: two drains never hold it at once), then sent, then settled by the claim's holder, which
 * takes it off the queue; the run's counters are added to as each one settles.
 */
const RUN_FIELDS = [
  '_id',
  'scope',
  'scopeId',
  'scopeName',
  'who',
  'total',
  'sent',
  'skipped',
  'failed',
  'skippedBecause',
  'createdAt',
  'by',
] as const;
export type PublicRun = Pick<InvitationRunItem, (typeof RUN_FIELDS)[number]>;
export const publicRun = (run: InvitationRunItem): PublicRun =>
  Object.fromEntries(RUN_FIELDS.filter((field) => run[field] !== undefined).map((field) => [field, run[field]])) as PublicRun;

const zeroReasons = () => Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as Record<SkipReason, number>;

/**
 * Writes a run's outbox (BatchWriteItem, 25 a request), then the run itself: a run whose outbox could not be
 * written is never recorded, and its queued emails are dropped by the drain (dropOrphan) rather than sent.
 */
export async function createRun(
  run: Omit<InvitationRunItem, '_id' | 'total' | 'sent' | 'skipped' | 'failed' | 'skippedBecause' | 'createdAt'>,
  recipients: Recipient[],
  skipped: SkipReason[],
  now = new Date(),
): Promise<InvitationRunItem> {
  const skippedBecause = zeroReasons();
  for (const reason of skipped) skippedBecause[reason] += 1;
  const item: InvitationRunItem = {
    ...run,
    _id: randomUUID(),
    total: recipients.length + skipped.length,
    sent: 0,
    skipped: skipped.length,
    failed: 0,
    skippedBecause,
    createdAt: now.toISOString(),
  };
  await batchPut(recipients.map((recipient) => ({ ...queuedMailItem(item, recipient), createdAt: item.createdAt })));
  await db.send(new PutCommand({ TableName: tableName(), Item: invitationRunItem(item) }));
  return item;
}

/** Every run, newest first (one Query on gsi1, paged). */
export async function listRuns(): Promise<InvitationRunItem[]> {
  return queryAll<InvitationRunItem>(allInvitationRuns(), { ScanIndexForward: false });
}

export async function getRuns(ids: string[]): Promise<Map<string, InvitationRunItem>> {
  const runs = await batchGet<InvitationRunItem>(ids.map(invitationRun));
  return new Map(runs.map((run) => [run._id, run]));
}

export async function getRun(id: string): Promise<InvitationRunItem | null> {
  return (
    ((await db.send(new GetCommand({ TableName: tableName(), Key: invitationRun(id), ConsistentRead: true }))).Item as InvitationRunItem) ??
    null
  );
}

/** Every outbox item of a run, in any state (tests and the bench read them). */
export const mailsOf = (runId: string): Promise<InvitationMailItem[]> =>
  queryAll<InvitationMailItem>(mailsOfRun(runId), { ConsistentRead: true });

/** One page of the queue, oldest runs first: gsi1 is read eventually consistent, so each item is claimed before it is sent. */
export async function queuedPage(limit: number, startKey?: Record<string, unknown>) {
  const page = await db.send(new QueryCommand({ TableName: tableName(), ...queuedMails(), Limit: limit, ExclusiveStartKey: startKey }));
  return { items: (page.Items ?? []) as (InvitationMailItem & { createdAt: string })[], next: page.LastEvaluatedKey };
}

export interface MailClaim {
  mail: InvitationMailItem;
  token: string;
}

/** Claims a queued email, or one whose claim ran out (its drain stopped); null when it is settled or held. */
export async function claimMail(mail: InvitationMailItem, leaseMs: number, now = Date.now()): Promise<MailClaim | null> {
  const token = randomUUID();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: mail.pk, sk: mail.sk },
        UpdateExpression: 'SET #state = :sending, claimToken = :token, leaseUntil = :lease',
        ConditionExpression: `${EXISTS} AND (#state = :queued OR (#state = :sending AND leaseUntil < :now))`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending', ':queued': 'queued', ':token': token, ':lease': now + leaseMs, ':now': now },
      }),
    );
    return { mail, token };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Puts a claimed email back in the queue (the mail service is throttling): the next drain sends it. */
export async function releaseMail({ mail, token }: MailClaim): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: mail.pk, sk: mail.sk },
        UpdateExpression: 'SET #state = :queued, leaseUntil = :zero',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':queued': 'queued', ':zero': 0, ':token': token },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export type Outcome = { state: 'sent' } | { state: 'skipped'; reason: SkipReason } | { state: 'failed'; reason: string };

/**
 * Settles a claimed email (sent, skipped or failed) and takes it off the queue, then counts it in its run; false,
 * and nothing counted, when the claim was taken over meanwhile (its lease ran out).
 */
export async function settleMail({ mail, token }: MailClaim, outcome: Outcome, now = new Date()): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: mail.pk, sk: mail.sk },
        UpdateExpression: 'SET #state = :state, reason = :reason, settledAt = :at REMOVE gsi1pk, gsi1sk, claimToken, leaseUntil',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':state': outcome.state,
          ':reason': 'reason' in outcome ? outcome.reason.slice(0, 300) : null,
          ':at': now.toISOString(),
          ':token': token,
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  // ADD reaches only top-level attributes: the reason's count (a map made with every reason at 0) is SET to itself plus one.
  const skippedBecause = outcome.state === 'skipped' ? ' SET skippedBecause.#reason = skippedBecause.#reason + :one' : '';
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: invitationRun(mail.runId),
      UpdateExpression: `ADD #counter :one${skippedBecause}`,
      ConditionExpression: EXISTS,
      ExpressionAttributeNames: { '#counter': outcome.state, ...(outcome.state === 'skipped' ? { '#reason': outcome.reason } : {}) },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  return true;
}

/** Notes on an account that an invitation went to it, and when (what "invited" means on the batch's list). */
export async function noteInvited(accountId: string, now = new Date()): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userProfile(accountId),
      UpdateExpression: 'SET lastInvitedAt = :at',
      ConditionExpression: EXISTS,
      ExpressionAttributeValues: { ':at': now.toISOString() },
    }),
  );
}

/** Takes off the queue an email whose run was never recorded (its creation failed after the outbox was written). */
export async function dropOrphan(mail: InvitationMailItem): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: mail.pk, sk: mail.sk },
        UpdateExpression: 'SET #state = :failed, reason = :reason REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#state = :queued',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':failed': 'failed', ':queued': 'queued', ':reason': 'its invitation run was not recorded' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
