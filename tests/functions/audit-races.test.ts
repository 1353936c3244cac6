import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DUPLICATE_MARK, MARK_ALREADY_STORED, type MarkInput } from '@shared/schemas/attendance';
import { queryAll } from '@functions/lib/db';
import { auditEntriesBetween } from '@functions/lib/entities/audit';
import { namesId } from '@functions/lib/keys';
import { daysAgo } from '@tests/support/attendance';
import { useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/*
 * The audit trail under concurrency (docs/product.md §2.19): writes sent at once each get their own entry, naming
 * their own record; of identical marks of one class sent at once, only the one that stored the class has an entry
 * (a request whose transaction failed, refused or answered with what was already stored, has none).
 */

const t = useTestStack('admin', 'faculty');
// One division of two batches of ten students (AR001…AR020).
const college = useCollege(t, { prefix: 'AR', divisions: 1, perBatch: 10 });
const students = () => college.divisions[0]!.batches.flatMap((batch) => batch.students);

interface AuditItem {
  entity: string;
  sk: string;
  _id: string;
  action: string;
  by: { _id: string };
  params: Record<string, string>;
  records: string[];
}

/** Every audit entry of today (UTC) and of the day before, straight from the table (pk AUDIT#<day>). */
async function auditItems(): Promise<AuditItem[]> {
  const items: AuditItem[] = [];
  const now = Date.now();
  for (const day of new Set([new Date(now - 86_400_000), new Date(now)].map((at) => at.toISOString().slice(0, 10)))) {
    // Every moment of the day: its sort keys are '<ISO moment>#<id>'.
    const entries = await queryAll<AuditItem>(auditEntriesBetween(day, day, `${day}T~`), { ConsistentRead: true });
    items.push(...entries.filter((item) => item.entity === 'auditEntry'));
  }
  return items;
}

/** Runs `burst`, answering what it answered and the audit entries written while it ran. */
async function entriesOf<T>(burst: () => Promise<T>): Promise<{ results: T; added: AuditItem[] }> {
  const before = new Set((await auditItems()).map((item) => item.sk));
  const results = await burst();
  return { results, added: (await auditItems()).filter((item) => !before.has(item.sk)) };
}

/** Whether an entry's record ('<pk> <sk>') names the id in its key. */
const recordNames = (record: string, id: string) => record.split(' ').some((part) => namesId(part, id));
/** Whether an entry names the id among its records. */
const names = (entry: AuditItem, id: string) => entry.records.some((record) => recordNames(record, id));

const at = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('audit trail: concurrent writes', () => {
  it('20 courses added at once: 20 entries, each of its own request and naming its own course', async () => {
    const { results, added } = await entriesOf(() =>
      at(20, (i) => t.stack.api('POST /course', { cookie: t.admin.cookie, body: { name: `Elective ${i + 1}`, semid: college.semid } })),
    );
    expect(results.map((result) => result.status)).toEqual(Array<number>(20).fill(201));
    expect(added.map((entry) => entry.action)).toEqual(Array<string>(20).fill('POST /course'));
    expect(new Set(added.map((entry) => entry.sk)).size).toBe(20);
    expect(new Set(added.map((entry) => entry._id)).size).toBe(20);
    // Each course is named by exactly one entry (its own request's), and each entry names one of them.
    const courses = results.map((result) => result.body.data._id);
    for (const course of courses) {
      expect(
        added.filter((entry) => names(entry, course)),
        course,
      ).toHaveLength(1);
    }
    for (const entry of added) {
      expect(courses.filter((course) => names(entry, course))).toHaveLength(1);
      expect(entry.by._id).toBe(t.admin.user._id);
    }
  });

  it('20 students renamed at once: 20 entries, each naming its own student', async () => {
    const ids = students();
    expect(ids).toHaveLength(20);
    const { results, added } = await entriesOf(() =>
      at(20, (i) =>
        t.stack.api('PATCH /student/{id}', { params: { id: ids[i]! }, cookie: t.admin.cookie, body: { name: `Renamed Student ${i + 1}` } }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array<number>(20).fill(200));
    expect(added.map((entry) => entry.action)).toEqual(Array<string>(20).fill('PATCH /student/{id}'));
    expect(new Set(added.map((entry) => entry.sk)).size).toBe(20);
    expect(added.map((entry) => entry.params.id).sort()).toEqual([...ids].sort());
    for (const entry of added) {
      expect(names(entry, entry.params.id!), `${entry.params.id} in ${entry.records.join(', ')}`).toBe(true);
    }
  });
});

describe('audit trail: identical marks of one class at once', () => {
  /** Today's lecture of the division in slot `slot`, everyone present. */
  const mark = (slot: number, extra: Partial<MarkInput> = {}): MarkInput => ({
    presentStudentIds: students(),
    date: daysAgo(0),
    slotid: college.slotids[slot]!,
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: college.divisions[0]!.id,
    ...extra,
  });
  const classSessionsOf = async (body: MarkInput) =>
    (await allItems()).filter(
      (item) => item.entity === 'attendance' && item.date === body.date && item.courseid === body.courseid && item.slotid === body.slotid,
    );

  it.each([
    ['without a clientMarkId: the others are refused (409)', 0, false],
    ['with one clientMarkId: the others answer what was stored (200)', 1, true],
  ] as const)('10 at once, %s; one class session, and an entry for the one that stored it only', async (_, slot, sameMark) => {
    const body = mark(slot, sameMark ? { clientMarkId: randomUUID() } : {});
    const { results, added } = await entriesOf(() => at(10, () => t.stack.api('POST /attendance', { cookie: t.faculty.cookie, body })));

    const statuses = results.map((result) => result.status).sort();
    const stored = results.filter((result) => result.status === 201);
    expect(stored).toHaveLength(1);
    const others = results.filter((result) => result.status !== 201);
    if (sameMark) {
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      for (const other of others) expect([other.body.message, other.body.data]).toEqual([MARK_ALREADY_STORED, stored[0]!.body.data]);
    } else {
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const other of others) expect(other.body.message).toBe(DUPLICATE_MARK);
    }

    const sessions = await classSessionsOf(body);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!._id).toBe(stored[0]!.body.data._id);
    // As many entries as requests that changed something: the one 201. The refused and the replayed wrote none.
    expect(added.map((entry) => entry.action)).toEqual(Array<string>(stored.length).fill('POST /attendance'));
    expect(added[0]!.by._id).toBe(t.faculty.user._id);
    expect(names(added[0]!, college.courseid)).toBe(true);
  });
});
