import { addDays, instantOf } from '@shared/dates';
import { MAX_AUDIT_ENTRIES, type AuditQuery } from '@shared/schemas/audit';
import type { AuditEntry } from '@shared/answers/audit';
import { queryAll } from '../db';
import { batchGet } from '../batch';
import { auditEntriesAbout, auditEntriesBetween, auditEntriesBy } from '../entities/audit';
import type { Key } from '../keys';

/*
 * Searching the audit trail (functions/lib/entities/audit.ts): by who did it, one Query of their entries on gsi1;
 * else one Query per day (UTC) the college days span. The person or record concerned is matched in code.
 */

type StoredEntry = AuditEntry & Record<string, unknown>;

const entryOf = ({ _id, at, by, action, params, subjects, records, moreRecords, ip, userAgent, requestId }: StoredEntry): AuditEntry => ({
  _id,
  at,
  by,
  action,
  params,
  subjects,
  records,
  ...(moreRecords ? { moreRecords } : {}),
  ...(ip ? { ip } : {}),
  ...(userAgent ? { userAgent } : {}),
  requestId,
});

/** The entries of the college days `from`–`to` (its time zone), newest first, at most MAX_AUDIT_ENTRIES. */
export async function searchAudit(query: AuditQuery, timeZone: string): Promise<{ entries: AuditEntry[]; more: boolean }> {
  const from = new Date(instantOf(query.from, 0, timeZone)).toISOString();
  const to = new Date(instantOf(addDays(query.to, 1), 0, timeZone) - 1).toISOString();
  const found = query.who
    ? await queryAll<StoredEntry>(auditEntriesBy(query.who, from, to))
    : (await Promise.all(utcDays(from, to).map((day) => queryAll<StoredEntry>(auditEntriesBetween(day, from, to))))).flat();
  const matching = query.subject ? found.filter((entry) => entry.subjects?.includes(query.subject!)) : found;
  const newest = matching.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { entries: newest.slice(0, MAX_AUDIT_ENTRIES).map(entryOf), more: newest.length > MAX_AUDIT_ENTRIES };
}

/** Every entry about a person (the pointers from them, entities/audit.ts auditSubject) and by them, oldest first. */
export async function auditOfPerson(id: string): Promise<AuditEntry[]> {
  const [pointers, by] = await Promise.all([
    queryAll<{ entry: Key }>(auditEntriesAbout(id), { ProjectionExpression: 'entry' }),
    queryAll<StoredEntry>(auditEntriesBy(id, '0', '~')),
  ]);
  const about = await batchGet<StoredEntry>(pointers.map(({ entry }) => entry));
  const entries = new Map([...about, ...by].map((entry) => [entry._id, entryOf(entry)]));
  return [...entries.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The UTC days from one moment to another (an entry's partition is its UTC day). */
function utcDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from.slice(0, 10); day <= to.slice(0, 10); day = addDays(day, 1)) days.push(day);
  return days;
}
