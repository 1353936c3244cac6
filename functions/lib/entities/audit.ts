import { GSI1 } from '../table-schema';
import type { Key, KeyCondition } from '../keys';

/*
 * The audit trail (docs/product.md §2.19): one item per change or read of a person's data, in the partition of its
 * day (UTC), sorted by its moment; who did it is on gsi1 (`AUDITBY#<userid>`, by moment). TTL removes an entry
 * AUDIT_DAYS after it was written.
 */

/** How long an entry is kept: more than the year India's DPDP Rules ask logs to be kept. */
export const AUDIT_DAYS = 400;

/** Every audit partition (for the IAM grants): one per day. */
export const AUDIT_PARTITIONS = 'AUDIT#*';

export const auditEntry = (at: string, id: string): Key => ({ pk: `AUDIT#${at.slice(0, 10)}`, sk: `${at}#${id}` });

export const auditIndexOf = (userId: string, at: string) => ({ gsi1pk: `AUDITBY#${userId}`, gsi1sk: at });

/** The entries of one day (UTC) from one moment to another, both included. */
export const auditEntriesBetween = (day: string, from: string, to: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': `AUDIT#${day}`, ':from': from, ':to': `${to}#~` },
});

/** One user's entries from one moment to another. */
export const auditEntriesBy = (userId: string, from: string, to: string): KeyCondition => ({
  IndexName: GSI1,
  KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': `AUDITBY#${userId}`, ':from': from, ':to': to },
});

/**
 * An entry's pointer from each person it concerns (its `subjects`): a student's data export lists the entries about
 * them with one Query, however long ago. In the audit partitions too, and kept as long as the entry.
 */
export const auditSubject = (subject: string, at: string, id: string): Key => ({ pk: `AUDIT#OF#${subject}`, sk: `${at}#${id}` });
export const auditEntriesAbout = (subject: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': `AUDIT#OF#${subject}` },
});

/** Whether a key is the audit trail's own (what the audit guard lets through: functions/lib/audit/guard.ts). */
export const isAuditKey = (pk: string): boolean => pk.startsWith('AUDIT#');
