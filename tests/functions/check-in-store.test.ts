import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CheckInClass } from '@functions/lib/entities/check-in';
import {
  closeCheckIn,
  getCheckIn,
  openCheckIn,
  openCheckInsOf,
  recordCheckIn,
  studentCheckIns,
} from '@functions/lib/repositories/check-ins';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/*
 * Check-in's store (functions/lib/repositories/check-ins.ts) under concurrent requests and failed writes:
 * every check-in a separate item, each written once.
 */

useTestStack();
const teacher = { _id: 'u-teacher', username: 'Demo Faculty' };
/** Check-in ends by itself then: well after these tests. */
const LATER = { closesAt: new Date(Date.now() + 3_600_000).toISOString(), lateFrom: null };
/** A class of its own for each test. */
const aClass = (): CheckInClass => ({ date: '2026-11-27', groupid: randomUUID(), courseid: 'c1', slotid: 's1', classKind: 'lecture' });
const itemsOf = async (c: CheckInClass) => (await allItems()).filter((item) => String(item.pk).includes(c.groupid));

describe('check-in store', () => {
  it('opens one check-in for a class however many teachers open it at once; a reopen keeps its secret', async () => {
    const c = aClass();
    const opened = await Promise.all(Array.from({ length: 10 }, () => openCheckIn(c, teacher, LATER)));
    expect(new Set(opened.map((one) => one.secret)).size).toBe(1);
    expect(new Set(opened.map((one) => one._id)).size).toBe(1);
    expect(await itemsOf(c)).toHaveLength(1);
    expect(await closeCheckIn(c)).toBe(true);
    expect((await getCheckIn(c))?.closedAt).toEqual(expect.any(String));
    const reopened = await openCheckIn(c, teacher, LATER);
    expect(reopened).toMatchObject({ secret: opened[0]!.secret, classKind: 'lecture' });
    expect(reopened.closedAt).toBeUndefined();
    expect(await closeCheckIn(aClass())).toBe(false);
    // A reopen takes the late time the settings give now: set, then none.
    const lateFrom = new Date().toISOString();
    expect((await openCheckIn(c, teacher, { ...LATER, lateFrom })).lateFrom).toBe(lateFrom);
    expect((await getCheckIn(c))?.lateFrom).toBe(lateFrom);
    expect((await openCheckIn(c, teacher, LATER)).lateFrom).toBeUndefined();
    expect((await getCheckIn(c))?.lateFrom).toBeUndefined();
  });

  it('keeps a check-in flagged from outside the college’s networks with any flag it gets later', async () => {
    const c = aClass();
    await openCheckIn(c, teacher, LATER);
    expect(await recordCheckIn(c, 'st1', 'phone-a', { flags: ['outside'] })).toBe('checkedIn');
    expect(await recordCheckIn(c, 'st2', 'phone-c')).toBe('checkedIn');
    expect(await recordCheckIn(c, 'st1', 'phone-b', { flags: ['outside'] })).toBe('alreadyCheckedIn');
    expect((await studentCheckIns(c)).map((one) => [one.studentid, one.flags])).toEqual([
      ['st1', ['outside', 'twoDevices']],
      ['st2', []],
    ]);
  });

  it('records 60 students checking in at once, each once, as 60 separate items (and their devices)', async () => {
    const c = aClass();
    await openCheckIn(c, teacher, LATER);
    const students = Array.from({ length: 60 }, (_, n) => `st${n}`);
    const outcomes = await Promise.all(students.map((id) => recordCheckIn(c, id, `device-${id}`)));
    expect(outcomes.every((outcome) => outcome === 'checkedIn')).toBe(true);
    const recorded = await studentCheckIns(c);
    expect(recorded.map((one) => one.studentid).sort()).toEqual([...students].sort());
    expect(recorded.every((one) => one.flags.length === 0)).toBe(true);
    expect(await itemsOf(c)).toHaveLength(1 + 60 + 60);
  });

  it('counts a student once however often their phone sends it; a second phone is flagged, not counted', async () => {
    const c = aClass();
    await openCheckIn(c, teacher, LATER);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => recordCheckIn(c, 'st1', 'phone-a')));
    expect(outcomes.filter((outcome) => outcome === 'checkedIn')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'alreadyCheckedIn')).toHaveLength(7);
    expect((await studentCheckIns(c))[0]?.flags).toEqual([]);
    expect(await recordCheckIn(c, 'st1', 'phone-b')).toBe('alreadyCheckedIn');
    expect(await studentCheckIns(c)).toEqual([expect.objectContaining({ studentid: 'st1', deviceHash: 'phone-a', flags: ['twoDevices'] })]);
  });

  it('refuses a second student on one phone, even at the same moment, and flags the one who checked in', async () => {
    const c = aClass();
    await openCheckIn(c, teacher, LATER);
    const outcomes = await Promise.all([recordCheckIn(c, 'st1', 'shared'), recordCheckIn(c, 'st2', 'shared')]);
    expect([...outcomes].sort()).toEqual(['checkedIn', 'deviceTaken']);
    const recorded = await studentCheckIns(c);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.flags).toEqual(['sharedDevice']);
  });

  it('refuses every check-in while closed, never opened or past its end, and writes nothing', async () => {
    const c = aClass();
    expect(await recordCheckIn(c, 'st1', 'phone')).toBe('closed');
    await openCheckIn(c, teacher, LATER);
    await closeCheckIn(c);
    expect(await recordCheckIn(c, 'st1', 'phone')).toBe('closed');
    expect(await itemsOf(c)).toHaveLength(1);
    const ended = aClass();
    await openCheckIn(ended, teacher, { closesAt: new Date(Date.now() + 60_000).toISOString(), lateFrom: null });
    expect(await recordCheckIn(ended, 'st1', 'phone', { now: new Date(Date.now() + 61_000) })).toBe('closed');
    expect(await openCheckInsOf(ended.date, [ended.groupid], new Date(Date.now() + 61_000))).toEqual([]);
    expect((await openCheckInsOf(ended.date, [ended.groupid, c.groupid], new Date())).map((one) => one.groupid)).toEqual([ended.groupid]);
    expect(await itemsOf(ended)).toHaveLength(1);
  });

  it('loses nothing and doubles nothing when a write fails, before or after it is stored', async () => {
    const c = aClass();
    await openCheckIn(c, teacher, LATER);
    const transactions = (command: string) => command === 'TransactWriteItemsCommand';
    await expect(withDatabaseError('InternalServerError', transactions, () => recordCheckIn(c, 'st1', 'phone'))).rejects.toThrow();
    expect(await studentCheckIns(c)).toEqual([]);
    // Sent again: stored once.
    expect(await recordCheckIn(c, 'st1', 'phone')).toBe('checkedIn');
    // Stored, but the answer lost: sent again, it is the same check-in.
    await expect(
      withDatabaseError('InternalServerError', transactions, () => recordCheckIn(c, 'st2', 'phone-2'), { afterWrite: true }),
    ).rejects.toThrow();
    expect(await recordCheckIn(c, 'st2', 'phone-2')).toBe('alreadyCheckedIn');
    expect((await studentCheckIns(c)).map((one) => [one.studentid, one.flags])).toEqual([
      ['st1', []],
      ['st2', []],
    ]);
  });
});
