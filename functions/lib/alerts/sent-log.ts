import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../db';
import * as keys from '../keys';
import { IS_NEW, isConditionFailure } from '../writes';

/**
 * The alerts' sent log (docs/data-model.md): one item per email of a run (keys.alertLogEntry:
 * job and period, recipient and subject). An email is claimed, then sent, then marked sent:
 *
 * - a claim is a conditional write that wins only when the item is new, or still unsent with its
 *   lease run out (the run that claimed it crashed or failed to send): two runs never send the same
 *   email at once, and a run that stopped midway leaves nothing lost, only claims to take again;
 * - a claim is marked sent only by the run holding it (its token);
 * - an email whose sending failed is released at once (the lease set to 0), so the next run tries
 *   again, up to MAX_ATTEMPTS claims; then it is 'failed' and logged.
 *
 * The one window for a duplicate is a crash between the mail service accepting the email and the
 * mark (milliseconds): at-least-once, chosen over losing an alert (docs/decisions.md).
 */
export type LogState = 'claimed' | 'sent' | 'failed' | 'dropped' | 'noted';

export interface LogItem {
  job: string;
  period: string;
  recipient: string;
  subject: string;
  state: LogState;
  attempts: number;
  /** Epoch milliseconds until which the claim's run may still send it. */
  leaseUntil?: number;
  sentAt?: string;
  /** What the job keeps for its next run (the below-threshold job: the courses a student was under). */
  memo?: unknown;
}

export const MAX_ATTEMPTS = 5;
/** Long enough for one email through the slowest back-off (mailer.ts): a live claim is never taken over. */
export const DEFAULT_LEASE_MS = 5 * 60_000;
/** Sent-log items go after 8 weeks: the below-threshold job reads the previous week's. */
const KEEP_SECONDS = 56 * 86_400;

export interface Claim {
  key: keys.Key;
  token: string;
  /** How many times the email was claimed, this claim included. */
  attempts: number;
}

/** Claims one email of a run; null when it is sent, failed for good, or claimed by a live run. */
export async function claim(
  run: keys.AlertRun,
  recipient: string,
  subject: string,
  options: { now?: number; leaseMs?: number; memo?: unknown; about?: string } = {},
): Promise<Claim | null> {
  const now = options.now ?? Date.now();
  const key = keys.alertLogEntry(run, recipient, subject);
  const token = randomUUID();
  // The student it is about (their own email, or a guardian's about them): their data export lists it.
  const about = options.about ? keys.alertAbout(options.about, new Date(now).toISOString()) : null;
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        ReturnValues: 'UPDATED_NEW',
        UpdateExpression:
          'SET entity = :entity, job = :job, period = :period, recipient = :recipient, subject = :subject, #state = :claimed, ' +
          'claimToken = :token, leaseUntil = :lease, expiresAt = :expires, memo = :memo' +
          (about ? ', gsi1pk = :aboutPk, gsi1sk = :aboutSk' : '') +
          ' ADD attempts :one',
        ConditionExpression:
          'attribute_not_exists(pk) OR (#state = :claimed AND leaseUntil < :now AND (attribute_not_exists(attempts) OR attempts < :max))',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':entity': 'alertLog',
          ':job': run.job,
          ':period': run.period,
          ':recipient': recipient,
          ':subject': subject,
          ':claimed': 'claimed',
          ':token': token,
          ':lease': now + (options.leaseMs ?? DEFAULT_LEASE_MS),
          ':expires': Math.floor(now / 1000) + KEEP_SECONDS,
          ':memo': options.memo ?? null,
          ':one': 1,
          ':now': now,
          ':max': MAX_ATTEMPTS,
          ...(about ? { ':aboutPk': about.gsi1pk, ':aboutSk': about.gsi1sk } : {}),
        },
      }),
    );
    return { key, token, attempts: Number(result.Attributes?.attempts ?? 1) };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Marks a claimed email sent (or dropped for good); false when another run took the claim over meanwhile. */
async function settle(held: Claim, state: 'sent' | 'dropped', now: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: held.key,
        UpdateExpression: 'SET #state = :state, sentAt = :at REMOVE leaseUntil, claimToken',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': state, ':at': new Date(now).toISOString(), ':token': held.token },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export const markSent = (held: Claim, now = Date.now()) => settle(held, 'sent', now);
/** A claim that will never send (the recipient was deleted, or the alert turned off since): closed, never retried. */
export const markDropped = (held: Claim, now = Date.now()) => settle(held, 'dropped', now);

/** Gives a claim back after a failed send: the next run may take it at once; after MAX_ATTEMPTS it is 'failed'. */
export async function release(held: Claim, reason: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: held.key,
        UpdateExpression: 'SET leaseUntil = :zero, lastError = :reason, #state = :state',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':reason': reason.slice(0, 500),
          ':token': held.token,
          ':state': held.attempts >= MAX_ATTEMPTS ? 'failed' : 'claimed',
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Keeps a memo for the next run where no email goes (state 'noted'); a claim or another note already there wins. */
export async function note(run: keys.AlertRun, recipient: string, subject: string, memo: unknown, now = Date.now()): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.alertLogEntry(run, recipient, subject),
          entity: 'alertLog',
          ...{ job: run.job, period: run.period, recipient, subject, state: 'noted', attempts: 0, memo },
          expiresAt: Math.floor(now / 1000) + KEEP_SECONDS,
        },
        ConditionExpression: IS_NEW,
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Every email of a run, as logged (one Query, paged); the run's marker is not one. */
export const logOfRun = async (run: keys.AlertRun): Promise<LogItem[]> =>
  (await queryAll<LogItem & { entity?: string }>(keys.alertLogOfRun(run), { ConsistentRead: true })).filter(
    (item) => item.entity === 'alertLog',
  );

/**
 * A scheduled run's marker (keys.alertRunMarker): one per job and period. Taken by a conditional
 * put that wins only when there is none yet, or when the run holding it stopped ('again': it left
 * emails unsent or failed, for the next tick; 'running' with its lease run out: it crashed). Once
 * 'done', every later tick of the period finds it and does nothing: the run happens once.
 */
export type RunState = 'running' | 'done' | 'again';

export interface RunClaim {
  key: keys.Key;
  token: string;
}

export async function claimRun(run: keys.AlertRun, options: { now: number; leaseUntil: number }): Promise<RunClaim | null> {
  const key = keys.alertRunMarker(run);
  const token = randomUUID();
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          ...{ entity: 'alertRun', job: run.job, period: run.period, state: 'running', claimToken: token },
          leaseUntil: options.leaseUntil,
          startedAt: new Date(options.now).toISOString(),
          expiresAt: Math.floor(options.now / 1000) + KEEP_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#state <> :done AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':done': 'done', ':now': options.now },
      }),
    );
    return { key, token };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Closes a run: 'done' for the period, or 'again' (its lease given back) so that the next tick finishes it. */
export async function finishRun(held: RunClaim, state: Exclude<RunState, 'running'>, now = Date.now()): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: held.key,
        UpdateExpression: 'SET #state = :state, finishedAt = :at, leaseUntil = :zero',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': state, ':at': new Date(now).toISOString(), ':zero': 0, ':token': held.token },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A run's marker as stored, or null: what tests and operators read. */
export const runMarker = async (run: keys.AlertRun): Promise<{ state: RunState; startedAt: string } | null> =>
  ((await db.send(new GetCommand({ TableName: tableName(), Key: keys.alertRunMarker(run), ConsistentRead: true }))).Item as
    { state: RunState; startedAt: string } | undefined) ?? null;
