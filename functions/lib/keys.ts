import { createHash } from 'node:crypto';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from './table-schema';

/**
 * Every key of the one table is spelled here or in its entity's module (functions/lib/entities/), and nowhere
 * else (lint: sams/keys-in-key-module).
 * An item is addressed by a `Key` (pk, sk); a list is a `KeyCondition` (the key part of a
 * Query). Each function is named after the item or the access pattern it serves; the list of
 * items and patterns is docs/data-model.md.
 */
export interface Key {
  pk: string;
  sk: string;
}

export type KeyCondition = Required<Pick<QueryCommandInput, 'KeyConditionExpression' | 'ExpressionAttributeValues'>> &
  Pick<QueryCommandInput, 'IndexName'>;

export const beginsWith = (pk: string, prefix: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
});

export const between = (pk: string, from: string, to: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
});

export const exactly = ({ pk, sk }: Key): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND sk = :sk',
  ExpressionAttributeValues: { ':pk': pk, ':sk': sk },
});

/** Every item whose gsi1pk is the value (an entity module's list). */
export const allOnIndex = (gsi1pk: string): KeyCondition => ({
  IndexName: GSI1,
  KeyConditionExpression: 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': gsi1pk },
});

/** A look-alike key is as long as its text (and longer): its SHA-256 keeps every key short. */
export const hashed = (lookalike: string) => createHash('sha256').update(lookalike).digest('base64url');

// Login failures and the other sign-in guards: functions/lib/entities/sign-in-guards.ts.

// The academic structure: functions/lib/entities/structure-node.ts.

// Students: functions/lib/entities/student.ts.

// Class sessions and their history: functions/lib/entities/class-session.ts.

// Attendance summaries: functions/lib/entities/attendance-summary.ts.

// The weekly timetable: functions/lib/entities/timetable-entry.ts.

// The college's settings: one item.

export const collegeSettings = (): Key => ({ pk: 'COLLEGE', sk: 'SETTINGS' });

// Alerts (docs/data-model.md): one sent-log item per email of a job's run, in the partition of the job
// and its period (a day or a week), keyed by recipient and subject; a run's log is one Query. TTL removes them.

export interface AlertRun {
  job: string;
  period: string;
}

export const alertLogEntry = (run: AlertRun, recipient: string, subject: string): Key => ({
  pk: `ALERT#${run.job}#${run.period}`,
  sk: `${recipient}#${subject}`,
});
/** A scheduled run's marker in its run's partition: written once per job and period, so the run happens at most once. */
export const alertRunMarker = (run: AlertRun): Key => ({ pk: `ALERT#${run.job}#${run.period}`, sk: 'RUN' });
export const alertLogOfRun = (run: AlertRun): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': `ALERT#${run.job}#${run.period}` },
});

/** A sent-log item about one student (their own email or a guardian's about them) on gsi1: a student's data export lists them. */
export const alertAbout = (studentId: string, at: string) => ({ gsi1pk: `ALERTABOUT#${studentId}`, gsi1sk: at });
export const alertsAbout = (studentId: string): KeyCondition => allOnIndex(`ALERTABOUT#${studentId}`);

// The local stack's demo data: one marker per seeding step that ran.
export const seedMarker = (step: string): Key => ({ pk: 'SEED', sk: step });

/** Whether a key (or any attribute) names this id: how tests find what an id left behind. */
export const namesId = (value: string, id: string): boolean => value === id || value.split('#').includes(id);
