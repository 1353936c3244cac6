import { describe, expect, it } from 'vitest';
import { buildCollege } from '@tests/support/college';
import { storeStudents } from '@tests/support/bulk-students';
import { useTestStack } from '@tests/support/stack';
import { countByEntity, itemsMentioning } from '@tests/support/table';

// A timed file (vitest.config.ts): "within one request" means within the Lambda's 29 s, and
// DynamoDB Local removes about 1,200 items a second when idle (15,000 here), so it runs alone.
const t = useTestStack('admin');

describe('cascade at scale', () => {
  it('deletes a subtree of 5,000 students within one request', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'BIG', divisions: 1, perBatch: 0 });
    const batchid = college.divisions[0]!.batches[0]!.id;
    const enrollments = Array.from({ length: 5000 }, (_, i) => `BIG${String(i).padStart(5, '0')}`);
    await storeStudents(
      batchid,
      enrollments.map((enrollment) => ({ enrollment, name: `Student ${enrollment}`, email: `${enrollment}@college.test` })),
    );
    expect((await countByEntity()).student).toBeGreaterThanOrEqual(5000);
    const result = await t.stack.api('DELETE /semester/{id}', { params: { id: college.semid }, cookie: t.admin.cookie });
    expect(result.status).toBe(200);
    expect(result.body.data.deleted.students).toBe(5000);
    const counts = await countByEntity();
    expect(counts.student ?? 0).toBeLessThan(100);
    expect(await itemsMentioning([batchid, college.divisions[0]!.id, college.semid])).toEqual([]);
  });
});
