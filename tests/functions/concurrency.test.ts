import { describe, expect, it } from 'vitest';
import { todayUtc } from '@shared/dates';
import type { PublicUser } from '@shared/schemas/auth';
import { buildCollege, lectureMark, subtreeIds } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { itemsMentioning } from '@tests/support/table';

const t = useTestStack('admin');

const all = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('concurrency', () => {
  it('50 identical marks at once store exactly one session', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'CM', perBatch: 2 });
    const body = lectureMark(college);
    const results = await all(50, () => t.stack.call('POST', '/api/v1/attendance', { cookie: t.admin.cookie, body }));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const view = await t.stack.call(
      'GET',
      `/api/v1/attendance?date=${todayUtc()}&slotid=${college.slotids[0]}&slotcount=1&courseid=${college.courseid}`,
      { cookie: t.admin.cookie },
    );
    expect((view.body.data as { sessions: unknown[] }[])[0]!.sessions).toHaveLength(1);
  });

  it('20 registrations of one email at once create one user', async () => {
    const body = { email: 'same.person@college.test', password: 'Secret-123', username: 'Same Person', role: 'faculty' };
    const results = await all(20, (i) =>
      t.stack.call('POST', '/api/v1/auth/register', {
        cookie: t.admin.cookie,
        body: { ...body, email: i % 2 ? body.email.toUpperCase() : body.email },
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const users = (await t.stack.call('GET', '/api/v1/user', { cookie: t.admin.cookie })).body.data as PublicUser[];
    expect(users.filter((user) => user.email.toLowerCase() === body.email)).toHaveLength(1);
  });

  it('a semester delete racing student creates inside it leaves no orphans', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'RC', divisions: 2, perBatch: 5 });
    const batches = college.divisions.flatMap((d) => d.batches.map((b) => b.id));
    const creates = all(40, async (i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 3));
      const enrollment = `RACE${String(i).padStart(3, '0')}`;
      return t.stack.call('POST', '/api/v1/student', {
        cookie: t.admin.cookie,
        body: { enrollment, name: `Racer ${i}`, email: `racer${i}@college.test`, batchid: batches[i % batches.length] },
      });
    });
    const deletion = t.stack.call('DELETE', `/api/v1/semester/${college.semid}`, { cookie: t.admin.cookie });
    const [created, deleted] = await Promise.all([creates, deletion]);
    expect(deleted.status).toBe(200);
    for (const result of created) expect([201, 400]).toContain(result.status);
    const createdIds = created.filter((r) => r.status === 201).map((r) => (r.body.data as { _id: string })._id);
    // Students, their enrollment claims (which hold studentId) and list entries: all gone.
    expect(await itemsMentioning([...subtreeIds(college), ...createdIds])).toEqual([]);
  });
});
