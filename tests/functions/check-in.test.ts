import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_MESSAGES } from '@shared/schemas/check-in';
import { formatTime, wallClock } from '@shared/dates';
import { codeOf, windowAt } from '@functions/lib/check-in/codes';
import { checkInClassOfId } from '@functions/lib/entities/check-in';
import { getCheckIn } from '@functions/lib/repositories/check-ins';
import { DEFAULT_CHECK_IN_SETTINGS } from '@shared/schemas/check-in-settings';
import { collegeToday } from '@tests/support/college-time';
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
const settings = async (body: Record<string, unknown>) =>
  expect((await t.stack.api('PATCH /settings', { cookie: t.admin.cookie, body })).status).toBe(200);
/** A class of now of its own: a new slot each, so each test's check-in starts empty. */
const freshClass = async (groupid = college.divisions[0]!.id) => {
  const { minute } = wallClock('Asia/Kolkata');
  const slotid = await create(t.stack, t.admin.cookie, 'slot', {
    name: `Now ${randomUUID().slice(0, 6)}`,
    termid: college.termid,
    start: formatTime(Math.max(0, minute - 30)),
    end: formatTime(Math.min(23 * 60 + 59, minute + 30)),
  });
  const opened = await open(groupid, slotid);
  expect(opened.status, opened.body.message).toBe(201);
  return opened.body.data;
};

/** A slot of an hour three hours from now (or before, near midnight), college time: its class is not on. */
async function slotToCome() {
  const { minute } = wallClock('Asia/Kolkata');
  const start = minute + 180 + 90 <= 24 * 60 ? minute + 180 : minute - 240;
  const later = await create(t.stack, t.admin.cookie, 'slot', {
    name: `Later ${randomUUID().slice(0, 4)}`,
    termid: college.termid,
    start: formatTime(start),
    end: formatTime(start + 60),
  });
  return { start, later };
}

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
    // Three windows back (at least 30 s, past the 20 s a code is taken for): refused.
    const old = codeOf(stored.secret, windowAt(now) - 3);
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
    const { start, later } = await slotToCome();
    const refused = await open(college.divisions[0]!.id, later);
    expect([refused.status, refused.body.message]).toEqual([400, CHECK_IN_MESSAGES.notNow(formatTime(start - 10), formatTime(start + 70))]);
  });

  it('follows the settings: the margin around a class, late after some minutes, the college’s networks', async () => {
    // A wider margin: the refusal names the times it gives.
    await settings({ checkInMarginMinutes: 25 });
    const { start, later } = await slotToCome();
    expect((await open(college.divisions[0]!.id, later)).body.message).toBe(
      CHECK_IN_MESSAGES.notNow(formatTime(start - 25), formatTime(start + 85)),
    );

    // Late from the class's start (it began up to 30 minutes ago); networks that are not this machine's: flagged.
    await settings({ checkInLateAfterMinutes: 0, checkInNetworks: ['10.0.0.0/8', '2001:db8::/32'] });
    const lateClass = await freshClass();
    expect((await checkIn(students.s1, lateClass.code!, phone())).status).toBe(201);
    expect((await view(lateClass._id)).body.data.checkedIn).toEqual([
      expect.objectContaining({ _id: ids.s1, late: true, flags: ['outside'] }),
    ]);

    // Never late; this machine's network listed: no flag.
    await settings({ checkInLateAfterMinutes: null, checkInNetworks: ['127.0.0.0/8', '::1/128'] });
    const onTime = await freshClass();
    expect((await checkIn(students.s1, onTime.code!, phone())).status).toBe(201);
    expect((await view(onTime._id)).body.data.checkedIn).toEqual([expect.objectContaining({ _id: ids.s1, late: false, flags: [] })]);
    await settings(DEFAULT_CHECK_IN_SETTINGS);
  });

  it('proposes a late check-in to a class already marked as a correction, which the teacher accepts', async () => {
    const division = college.divisions[0]!;
    const c = await freshClass();
    expect((await checkIn(students.s1, c.code!, phone())).status).toBe(201);
    // Marked with s1 present (they checked in) and s2 absent; then s2 checks in.
    const marked = await t.stack.api('POST /attendance', {
      cookie: t.faculty.cookie,
      body: {
        presentStudentIds: [ids.s1],
        date: collegeToday(),
        slotid: c.slotid,
        classKind: 'lecture',
        courseid: college.courseid,
        groupid: division.id,
      },
    });
    expect(marked.status, marked.body.message).toBe(201);
    expect((await view(c._id)).body.data.marked?.proposals).toEqual([]);
    expect((await checkIn(students.s2, (await view(c._id)).body.data.code!, phone())).status).toBe(201);
    const proposed = (await view(c._id)).body.data.marked!;
    // Only s2: s1 checked in before the mark; the rest of the division never checked in.
    expect(proposed.proposals).toEqual([{ _id: ids.s2, status: 'present' }]);

    const accepted = await t.stack.api('PATCH /attendance/{id}', {
      cookie: t.faculty.cookie,
      params: { id: proposed._id },
      body: { statuses: { [ids.s2]: 'present' }, reason: 'Checked in after the class was marked', version: proposed.version },
    });
    expect(accepted.status, accepted.body.message).toBe(200);
    expect(accepted.body.data.students.find((one) => one._id === ids.s2)?.status).toBe('present');
    const after = (await view(c._id)).body.data.marked!;
    expect(after).toMatchObject({ version: proposed.version + 1, proposals: [] });
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
