import { describe, expect, it } from 'vitest';
import { enrollmentClaim, studentById } from '@functions/lib/entities/student';
import { collegeToday } from '@tests/support/college-time';
import { buildCollege, create, lectureMark, subtreeIds, type SmallCollege } from '@tests/support/college';
import { withWriteHeld } from '@tests/support/faults';
import { useTestStack, type CallResult } from '@tests/support/stack';
import { allItems, itemsMentioning } from '@tests/support/table';
import { toWire } from '@shared/schemas/wire-names';

const t = useTestStack('admin');

const all = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('concurrency', () => {
  it('50 identical marks at once store exactly one session', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'CM', perBatch: 2 });
    const body = toWire(lectureMark(college));
    const results = await all(50, () => t.stack.call('POST', '/api/v1/attendance', { cookie: t.admin.cookie, body }));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const view = await t.stack.api('GET /attendance', {
      query: { date: collegeToday(), slotid: college.slotids[0]!, classKind: 'lecture', courseid: college.courseid },
      cookie: t.admin.cookie,
    });
    expect(view.body.data[0]!.sessions).toHaveLength(1);
  });

  it('20 registrations of one email at once create one user', async () => {
    const body = { email: 'same.person@college.test', password: 'Secret-123', username: 'Same Person', role: 'faculty' as const };
    const register = (i: number) =>
      t.stack.api('POST /auth/register', {
        cookie: t.admin.cookie,
        body: { ...body, email: i % 2 ? body.email.toUpperCase() : body.email },
      });
    const results = await all(20, register);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    // Each registration hashes its password first, one at a time on a 2-core machine: on a machine busy
    // with other tests the last few can wait past the hashing queue's limit and get 503 (try again).
    // Sent again, as the app does, each of those is refused as the duplicate it is.
    expect(results.every((r) => r.status === 201 || r.status === 409 || r.status === 503)).toBe(true);
    const busy = results.flatMap((r, i) => (r.status === 503 ? [i] : []));
    const retried = [];
    for (const i of busy) retried.push(await register(i));
    expect([...results.filter((r) => r.status === 409), ...retried].map((r) => r.status)).toEqual(Array(19).fill(409));
    const users = (await t.stack.api('GET /user', { cookie: t.admin.cookie })).body.data;
    expect(users.filter((user) => user.email.toLowerCase() === body.email)).toHaveLength(1);
    // Hashing 20 passwords one at a time, then the retries, on a busy 2-core machine: more than the default 30 s.
  }, 120_000);

  it('a semester delete racing student creates inside it leaves no orphans', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'RC', divisions: 2, perBatch: 5 });
    const batches = college.divisions.flatMap((d) => d.batches.map((b) => b.id));
    const creates = all(40, async (i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 3));
      const enrollment = `RACE${String(i).padStart(3, '0')}`;
      return t.stack.api('POST /student', {
        cookie: t.admin.cookie,
        body: { enrollment, name: `Racer ${i}`, email: `racer${i}@college.test`, batchid: batches[i % batches.length]! },
      });
    });
    const deletion = t.stack.call('DELETE', `/api/v1/semester/${college.semid}`, { cookie: t.admin.cookie });
    const [created, deleted] = await Promise.all([creates, deletion]);
    expect(deleted.status).toBe(200);
    for (const result of created) expect([201, 400]).toContain(result.status);
    const createdIds = created.filter((r) => r.status === 201).map((r) => r.body.data._id);
    // Students, their enrollment claims (which hold studentId) and list entries: all gone.
    expect(await itemsMentioning([...subtreeIds(college), ...createdIds])).toEqual([]);
  });

  describe('one student changed by several admins at once', () => {
    const CHANGED = 'The student was changed by someone else meanwhile; reload and try again';
    const student = (id: string) => t.stack.api('GET /student/student/{id}', { params: { id }, cookie: t.admin.cookie });
    const patch = (id: string, body: Record<string, unknown>) =>
      t.stack.call('PATCH', `/api/v1/student/${id}`, { cookie: t.admin.cookie, body });
    /** The list entries and enrollment claims the table holds for the student. */
    const entriesOf = async (id: string) => (await allItems()).filter((item) => item.entity === 'studentEntry' && item._id === id);
    const claimsOf = async (id: string) => (await allItems()).filter((item) => item.entity === 'enrollment' && item.studentId === id);
    /** The first student of the college's one division, and `n` batches of that division to move it to. */
    const placesFor = async (college: SmallCollege, n: number) => {
      const division = college.divisions[0]!;
      const made = await all(n - 1, (i) => create(t.stack, t.admin.cookie, 'batch', { name: `Batch X${i}`, divisionid: division.id }));
      return { id: division.batches[0]!.students[0]!, batches: [division.batches[1]!.id, ...made] };
    };
    /** Each answer is a success or 'changed meanwhile': one that read the student after another's write wins too (last write wins, whole). */
    const expectWholeWrites = (results: CallResult[]) => {
      for (const result of results)
        expect(result.status === 200 || `${result.status} ${result.body.message}`).toSatisfy(
          (ok) => ok === true || ok === `409 ${CHANGED}`,
        );
      expect(results.some((result) => result.status === 200)).toBe(true);
    };

    it('10 moves to different batches at once leave the student in one list, the one stored', async () => {
      const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'MV', perBatch: 1 });
      const { id, batches } = await placesFor(college, 10);
      expectWholeWrites(await all(10, (i) => patch(id, { batchid: batches[i] })));
      const stored = (await student(id)).body.data;
      expect((await entriesOf(id)).map((entry) => entry.batchid)).toEqual([stored.batchid]);
      const listed = await t.stack.api('GET /student/division/{divisionid}', {
        params: { divisionid: college.divisions[0]!.id },
        cookie: t.admin.cookie,
      });
      expect(listed.body.data.filter((entry) => entry.batchStudents._id === id)).toHaveLength(1);
    });

    it('10 new enrollments at once leave one claim, the stored one, and the other enrollments free', async () => {
      const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'EN', perBatch: 1 });
      const id = college.divisions[0]!.batches[0]!.students[0]!;
      const tried = Array.from({ length: 10 }, (_, i) => `ENX${String(i).padStart(3, '0')}`);
      expectWholeWrites(await all(10, (i) => patch(id, { enrollment: tried[i] })));
      const stored = (await student(id)).body.data.enrollment;
      expect((await claimsOf(id)).map((claim) => claim.pk)).toEqual([enrollmentClaim(stored).pk]);
      const free = tried.filter((enrollment) => enrollment !== stored);
      const batchid = college.divisions[0]!.batches[0]!.id;
      const reused = await all(free.length, (i) =>
        t.stack.call('POST', '/api/v1/student', {
          cookie: t.admin.cookie,
          body: { enrollment: free[i], name: 'Free Number', email: `free${i}@college.test`, batchid },
        }),
      );
      expect(reused.map((result) => result.status)).toEqual(Array(9).fill(201));
    });

    /** A transaction that writes (puts, updates or deletes) the student item itself. */
    const writesStudent = (id: string) => (input: Record<string, unknown>) =>
      (
        input.TransactItems as { Put?: { Item: { pk: string } }; Update?: { Key: { pk: string } }; Delete?: { Key: { pk: string } } }[]
      ).some((item) => (item.Put?.Item.pk ?? item.Update?.Key.pk ?? item.Delete?.Key.pk) === studentById(id).pk);

    it('a move committed between another move’s read and write: the later one answers 409 and writes nothing', async () => {
      const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'MH', perBatch: 1 });
      const { id, batches } = await placesFor(college, 2);
      const [late, early] = await withWriteHeld(
        writesStudent(id),
        () => patch(id, { batchid: batches[0] }),
        () => patch(id, { batchid: batches[1] }),
      );
      expect([late.status, late.body.message, early.status]).toEqual([409, CHANGED, 200]);
      expect((await entriesOf(id)).map((entry) => entry.batchid)).toEqual([batches[1]]);
    });

    it('a move committed between a delete’s read and write: the delete answers 409 and leaves the student whole', async () => {
      const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'DH', perBatch: 1 });
      const { id, batches } = await placesFor(college, 1);
      const [deleted, moved] = await withWriteHeld(
        writesStudent(id),
        () => t.stack.call('DELETE', `/api/v1/student/${id}`, { cookie: t.admin.cookie }),
        () => patch(id, { batchid: batches[0] }),
      );
      expect([deleted.status, deleted.body.message, moved.status]).toEqual([409, CHANGED, 200]);
      expect((await entriesOf(id)).map((entry) => entry.batchid)).toEqual([batches[0]]);
      expect((await claimsOf(id)).length).toBe(1);
    });
  });
});
