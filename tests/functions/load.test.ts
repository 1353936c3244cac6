import { describe, expect, it } from 'vitest';
import { runLoad } from '@tests/bench/sections/load';
import { create, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

// The 10-second version of the load run in `npm run bench` (which runs 60 s).
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'LD', divisions: 1, perBatch: 10 });

describe('load', () => {
  it('50 clients for 10 s on a mixed workload: no errors, and every accepted mark reads back', async () => {
    const division = college.divisions[0]!;
    const call = async (method: string, path: string, body?: unknown) => {
      const result = await t.stack.call(method, path, { cookie: t.admin.cookie, body });
      return { status: result.status, message: result.body.message, data: result.body.data };
    };
    const demo = {
      termId: college.termid,
      semesterId: college.semid,
      courseId: college.courseid,
      // One course per 5 clients, as each class has its teacher.
      courseIds: [
        college.courseid,
        ...(await Promise.all(
          Array.from({ length: 9 }, (_, n) => create(t.stack, t.admin.cookie, 'course', { name: `Load ${n}`, semid: college.semid })),
        )),
      ],
      slotIds: college.slotids,
      divisionId: division.id,
      batchId: division.batches[0]!.id,
      divisionStudents: division.batches.flatMap((batch) => batch.students),
    };
    const result = await runLoad({ demo, call }, 50, 10);
    expect(result.requests).toBeGreaterThan(100);
    expect(result.errors).toBe(0);
    expect(result.marks).toBeGreaterThan(0);
    expect(result.marksReadBack).toBe(result.marks);
  }, 120_000);
});
