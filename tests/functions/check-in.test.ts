import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_MESSAGES } from '@shared/schemas/check-in';
import { formatTime, wallClock } from '@shared/dates';
import { codeOf, windowAt } from '@functions/lib/check-in/codes';
import { checkInClassOfId } from '@functions/lib/entities/check-in';
import { getCheckIn } from '@functions/lib/repositories/check-ins';
import { create, slotOfNow, useCollege } from '@tests/support/college';
import { signedInStudent, type FamilyMember } from '@tests/support/family';
import { useTestStack } from '@tests/support/stack';

/*
 * Check-in through the API (docs/product.md §2.18): the teacher opens it for a class of now, a student of the
 * class checks in with the code on the screen, and anything else is refused with its message.
 */

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'CI', divisions: 2, perBatch: 2 });
let slotNow: string;
let students: { s1: FamilyMember; s2: FamilyMember; s3: FamilyMember };
const phone = () => randomUUID();

const ids = { s1: '', s2: '' };

beforeAll(async () => {
  // A slot around now (the college's slots of 09:00 and 10:00 are for "not now").
  slotNow = await slotOfNow(t.stack, t.admin.cookie, college.termid);
  const [first, other] = college.divisions;
  [ids.s1, ids.s2] = first!.batches[0]!.students as [string, string];
  students = {
    s1: await signedInStudent(ids.s1),
    s2: await signedInStudent(ids.s2),
    s3: await signedInStudent(other!.batches[0]!.students[0]!),
  };
});

const open = (groupid: string, slotid = slotNow) =>
  t.stack.api('POST /checkin', {
    cookie: t.faculty.cookie,
    body: { courseid: college.courseid, slotid, classKind: 'lecture', groupid },
  });
const view = (id: string) => t.stack.api('GET /checkin/{id}', { cookie: t.faculty.cookie, params: { id } });
const checkIn = (who: FamilyMember, code: string, deviceKey: string) =>
  t.stack.api('POST /checkin/student', { cookie: who.cookie, body: { code, deviceKey } });

describe('check-in', () => {
  it('opens for a class of now with a six-character code; a student of the class checks in once', async () => {
    const opened = await open(college.divisions[0]!.id);
    expect(opened.status).toBe(201);
    const { _id, code, open: isOpen, changesInMs, checkedIn } = opened.body.data;
    expect({ isOpen, checkedIn }).toEqual({ isOpen: true, checkedIn: [] });
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect(changesInMs).toBeGreaterThan(0);
    expect(changesInMs).toBeLessThanOrEqual(15_000);
    // Opened again (a second tap, another screen): the same check-in.
    expect((await open(college.divisions[0]!.id)).body.data._id).toBe(_id);

    const device = phone();
    const first = await checkIn(students.s1, code!.toLowerCase(), device);
    expect(first.status, first.body.message).toBe(201);
    expect(first.body.message).toBe(CHECK_IN_MESSAGES.checkedIn);
    expect(first.body.data).toMatchObject({ _id, course: expect.any(String) });
    const again = await checkIn(students.s1, code!, device);
    expect([again.status, again.body.message]).toEqual([200, CHECK_IN_MESSAGES.already]);
    const seen = (await view(_id)).body.data;
    expect(seen.checkedIn).toEqual([expect.objectContaining({ _id: ids.s1, flags: [] })]);
    expect(seen.checkedIn[0]!.name).not.toBe('');
  });

  it('refuses an old code, another group’s student, a second student on one phone, and any check-in once closed', async () => {
    const division = college.divisions[0]!;
    const { _id, code } = (await open(division.id)).body.data;
    const stored = (await getCheckIn(checkInClassOfId(_id)!))!;
    const now = Date.now();
    // Two windows back: refused. The window before: still accepted (a code read just as the screen changed).
    const old = codeOf(stored.secret, windowAt(now) - 2);
    expect((await checkIn(students.s2, old, phone())).body.message).toBe(CHECK_IN_MESSAGES.wrongCode);
    // A student of another division: no check-in of theirs is open, whatever code they send.
    expect((await checkIn(students.s3, code!, phone())).body.message).toBe(CHECK_IN_MESSAGES.noneOpen);
    // Their division's check-in open: still not this one's code.
    const theirs = (await open(college.divisions[1]!.id)).body.data;
    const refused = await checkIn(students.s3, code!, phone());
    expect([refused.status, refused.body.message]).toEqual([400, CHECK_IN_MESSAGES.wrongCode]);
    expect((await view(theirs._id)).body.data.checkedIn).toEqual([]);

    // s2 checks in; another student on s2's phone is refused, and s2 flagged.
    const device = phone();
    expect((await checkIn(students.s2, code!, device)).status).toBe(201);
    const other = await signedInStudent(division.batches[1]!.students[0]!);
    const taken = await checkIn(other, codeOf(stored.secret, windowAt(Date.now())), device);
    expect([taken.status, taken.body.message]).toEqual([409, CHECK_IN_MESSAGES.deviceTaken]);
    const flagged = (await view(_id)).body.data.checkedIn.find((one) => one._id === ids.s2);
    expect(flagged?.flags).toEqual(['sharedDevice']);

    const closed = await t.stack.api('POST /checkin/{id}/close', { cookie: t.faculty.cookie, params: { id: _id } });
    expect([closed.status, closed.body.data.open, closed.body.data.code]).toEqual([200, false, undefined]);
    const late = await checkIn(other, codeOf(stored.secret, windowAt(Date.now())), phone());
    expect([late.status, late.body.message]).toEqual([400, CHECK_IN_MESSAGES.noneOpen]);
  });

  it('opens only while the class is on (its slot’s times, ten minutes either side), never for a class to come', async () => {
    // A slot three hours from now (or before, near midnight), college time.
    const { minute } = wallClock('Asia/Kolkata');
    const start = minute + 180 < 23 * 60 ? minute + 180 : minute - 240;
    const later = await create(t.stack, t.admin.cookie, 'slot', {
      name: `Later ${randomUUID().slice(0, 4)}`,
      termid: college.termid,
      start: formatTime(start),
      end: formatTime(start + 60),
    });
    const refused = await open(college.divisions[0]!.id, later);
    expect([refused.status, refused.body.message]).toEqual([400, CHECK_IN_MESSAGES.notNow(formatTime(start - 10), formatTime(start + 70))]);
  });

  it('answers bad bodies with their message and a check-in id that names nothing with 404', async () => {
    for (const [body, message] of [
      [{ code: '', deviceKey: phone() }, CHECK_IN_MESSAGES.code],
      [{ code: 'ABC234', deviceKey: 'short' }, CHECK_IN_MESSAGES.deviceKey],
      [{ deviceKey: phone() }, CHECK_IN_MESSAGES.code],
    ] as const) {
      const result = await t.stack.call('POST', '/api/v1/checkin/student', { cookie: students.s1.cookie, body });
      expect([result.status, result.body.message]).toEqual([400, message]);
    }
    expect((await view('not-a-check-in')).status).toBe(404);
    // Students only: a teacher cannot check in.
    expect(
      (await t.stack.call('POST', '/api/v1/checkin/student', { cookie: t.faculty.cookie, body: { code: 'ABC234', deviceKey: phone() } }))
        .status,
    ).toBe(403);
  });
});
