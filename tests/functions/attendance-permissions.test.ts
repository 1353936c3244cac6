import { collegeMoment, DEFAULT_TIME_ZONE } from '@shared/dates';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { db, tableName } from '@functions/lib/db';
import { classSessionKey as classSession } from '@functions/lib/entities/class-session';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { lectureMark, useCollege } from '@tests/support/college';
import { useTestStack, type SignedIn } from '@tests/support/stack';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'PE', divisions: 1, perBatch: 2 });
const api = attendanceApi(t);

const place = (date: string) => ({ date, slotid: college.slotids[0]!, classKind: 'lecture' as const, courseid: college.courseid });
const firstStudent = () => college.divisions[0]!.batches[0]!.students[0]!;
const correction = { statuses: {} as Record<string, string>, reason: 'Marked the wrong student', version: 1 };

/** A lecture marked by `by`, `hoursAgo` hours ago (the mark is moved back in the table). */
async function markedHoursAgo(date: string, hoursAgo: number, by: SignedIn = t.faculty) {
  const { _id } = await api.mark(by.cookie, lectureMark(college, place(date)));
  const markedAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const key = classSession({ ...place(date), groupid: college.divisions[0]!.id });
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET markedAt = :at',
      ExpressionAttributeValues: { ':at': markedAt },
    }),
  );
  return { id: _id, markedAt };
}

const correct = (who: SignedIn, id: string) => api.correct(who.cookie, id, { ...correction, statuses: { [firstStudent()]: 'late' } });

afterEach(async () => {
  await api.settings(t.admin.cookie, DEFAULT_SETTINGS);
});

describe('attendance: who may correct, and until when', () => {
  it('lets the marking faculty member correct within the window, and tells anyone else who can', async () => {
    const { id, markedAt } = await markedHoursAgo(daysAgo(1), 47);
    const until = new Date(Date.parse(markedAt) + 48 * 3_600_000).toISOString();
    expect(await api.classSession(t.faculty.cookie, place(daysAgo(1)))).toMatchObject({ editableUntil: until, markedAt });

    const other = await t.stack.signIn('faculty');
    const refused = await correct(other, id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `Only an admin, or ${t.faculty.user.username} who marked it (until ${collegeMoment(until, DEFAULT_TIME_ZONE)}), can correct this attendance`,
    );
    expect(await api.history(t.admin.cookie, id)).toHaveLength(1);
    expect((await correct(t.faculty, id)).status).toBe(200);
  });

  it('closes the window editWindowHours after the mark: then only an admin may', async () => {
    await api.settings(t.admin.cookie, { editWindowHours: 2 });
    const { id, markedAt } = await markedHoursAgo(daysAgo(2), 3);
    const closed = new Date(Date.parse(markedAt) + 2 * 3_600_000).toISOString();
    const refused = await correct(t.faculty, id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `Only an admin can correct this attendance now: the edit window closed at ${collegeMoment(closed, DEFAULT_TIME_ZONE)}`,
    );
    expect((await api.classSession(t.admin.cookie, place(daysAgo(2)))).version).toBe(1);
    expect((await correct(t.admin, id)).status).toBe(200);
  });

  it('with editWindowHours 0 faculty cannot correct even a fresh mark; admins always can, their own marks and others’', async () => {
    await api.settings(t.admin.cookie, { editWindowHours: 0 });
    const { id } = await markedHoursAgo(daysAgo(3), 0);
    const refused = await correct(t.faculty, id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an admin can correct attendance: corrections by faculty are turned off in the settings');
    expect((await correct(t.admin, id)).status).toBe(200);

    const { id: adminsOwn } = await markedHoursAgo(daysAgo(4), 5000, t.admin);
    expect((await correct(t.admin, adminsOwn)).status).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const { id } = await markedHoursAgo(daysAgo(5), 0);
    const anonymous = await t.stack.call('PATCH', `/api/v1/attendance/${id}`, { body: correction });
    expect(anonymous.status).toBe(401);
    expect((await t.stack.call('GET', `/api/v1/attendance/${id}/history`)).status).toBe(401);
  });
});
