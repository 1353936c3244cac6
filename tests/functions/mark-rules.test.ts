import { describe, expect, it, vi } from 'vitest';
import { logger } from '@functions/lib/http/logger';
import type { MarkInput } from '@shared/schemas/attendance';
import type { ImportRow } from '@shared/schemas/student-import';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { create, lectureMark, useCollege } from '@tests/support/college';
import { useTestStack, type ApiResult } from '@tests/support/stack';
import { allItems } from '@tests/support/table';
import { collegeToday } from '@tests/support/college-time';
import { toWire } from '@shared/schemas/wire-names';

/** Marks that make no sense are refused before anything is written (docs/product.md §3, §5). */
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'MR', perBatch: 2 });
const api = attendanceApi(t);

/** POST attendance with a body of SAMS's names (lectureMark's), sent with the wire's. */
const mark = (body: Record<string, unknown>) => t.stack.call('POST', '/api/v1/attendance', { cookie: t.admin.cookie, body: toWire(body) });
const patchTerm = (body: Record<string, unknown>, id = college.termid) =>
  t.stack.call('PATCH', `/api/v1/term/${id}`, { cookie: t.admin.cookie, body });
const sessionCount = async () => (await allItems()).filter((item) => 'expected' in item && 'markedBy' in item).length;

describe('a mark needs its term to be active and the date inside it', () => {
  it('refuses a mark in an inactive term, and takes it once the term is active again', async () => {
    expect((await patchTerm({ status: false })).status).toBe(200);
    const before = await sessionCount();
    const refused = await mark(lectureMark(college, { date: daysAgo(1) }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This course's term is not active: attendance can be marked only in an active term");
    expect(await sessionCount()).toBe(before);
    expect((await patchTerm({ status: true })).status).toBe(200);
    expect((await mark(lectureMark(college, { date: daysAgo(1) }))).status).toBe(201);
  });

  it('keeps a term’s optional dates, in order, and refuses marks outside them', async () => {
    const dated = await patchTerm({ startDate: daysAgo(10), endDate: daysAgo(3) });
    expect(dated.status).toBe(200);
    expect(dated.body.data).toMatchObject({ status: true, startDate: daysAgo(10), endDate: daysAgo(3) });
    const listed = (await t.stack.api('GET /term', { cookie: t.admin.cookie })).body.data;
    expect(listed.find((term) => term._id === college.termid)).toMatchObject({ startDate: daysAgo(10), endDate: daysAgo(3) });

    for (const date of [daysAgo(11), daysAgo(2)]) {
      const refused = await mark(lectureMark(college, { date }));
      expect(refused.status, date).toBe(400);
      expect(refused.body.message).toBe(
        `This date is outside the term (from ${daysAgo(10)} to ${daysAgo(3)}): attendance can be marked only on the term's days`,
      );
    }
    for (const date of [daysAgo(10), daysAgo(3)]) expect((await mark(lectureMark(college, { date }))).status, date).toBe(201);

    const backwards = await patchTerm({ endDate: daysAgo(20) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The term must end on or after the day it starts');
    expect((await patchTerm({ startDate: '2026-02-30' })).body.message).toBe('Enter a real start date as YYYY-MM-DD');
    expect((await patchTerm({})).status).toBe(400);

    const cleared = await patchTerm({ startDate: null, endDate: null });
    expect(cleared.body.data).toMatchObject({ startDate: null, endDate: null });
    expect((await mark(lectureMark(college, { date: daysAgo(2) }))).status).toBe(201);
  });

  it('takes dates when a term is added, in order only', async () => {
    const body = { name: 'Dated term', status: false, startDate: '2026-06-01', endDate: '2026-11-30' };
    const added = await t.stack.call('POST', '/api/v1/term', { cookie: t.admin.cookie, body });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ startDate: '2026-06-01', endDate: '2026-11-30' });
    const reversed = await t.stack.call('POST', '/api/v1/term', {
      cookie: t.admin.cookie,
      body: { ...body, name: 'Reversed', startDate: '2026-12-01' },
    });
    expect(reversed.status).toBe(400);
  });

  it('never lets two date changes at once leave a term ending before it starts', async () => {
    const termid = await create(t.stack, t.admin.cookie, 'term', { name: 'Raced term', status: false });
    expect((await patchTerm({ startDate: '2026-03-01', endDate: '2026-04-01' }, termid)).status).toBe(200);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        patchTerm({ startDate: '2026-05-01', endDate: null }, termid),
        patchTerm({ endDate: '2026-02-01', startDate: '2026-01-01' }, termid),
        patchTerm({ startDate: '2026-03-01', endDate: '2026-04-01' }, termid),
      ]);
      expect(answers.every((answer) => [200, 409].includes(answer.status))).toBe(true);
      const term = (await t.stack.api('GET /term', { cookie: t.admin.cookie })).body.data.find((one) => one._id === termid)!;
      expect(!term.startDate || !term.endDate || term.startDate <= term.endDate).toBe(true);
    }
  });
});

describe('how far back a mark may go (issue 29, finding 8)', () => {
  const asFaculty = (body: Record<string, unknown>) =>
    t.stack.call('POST', '/api/v1/attendance', { cookie: t.faculty.cookie, body: toWire(body) });
  const tooFarBack = (days: number) =>
    `Faculty can mark attendance at most ${days} days back (from ${daysAgo(days)}), as the college's setting "Days back faculty may mark" says: ask an admin to mark an older date`;

  /** The security events logged while `run` runs. */
  async function securityEvents(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
    const lines: string[] = [];
    logger.setLogLevel('INFO');
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => lines.push(String(chunk)) > 0);
    try {
      await run();
    } finally {
      spy.mockRestore();
      logger.setLogLevel('ERROR');
    }
    return lines
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.message === 'security event');
  }

  it('lets a faculty member mark 7 days back by default, refuses 8 and decades back, and changes nothing', async () => {
    expect((await patchTerm({ startDate: null, endDate: null })).status).toBe(200);
    const before = await sessionCount();
    for (const date of [daysAgo(8), '1970-01-01', '2001-02-03', '0001-01-01']) {
      const refused = await asFaculty(lectureMark(college, { date, slotid: college.slotids[1] }));
      expect(refused.status, date).toBe(400);
      expect(refused.body.message).toBe(tooFarBack(7));
    }
    expect(await sessionCount()).toBe(before);
    expect((await asFaculty(lectureMark(college, { date: daysAgo(7), slotid: college.slotids[1] }))).status).toBe(201);
  });

  it('lets an admin mark older dates, each logged as a security event', async () => {
    // lectureMark's body, written out typed so that the answer is typed too.
    const division = college.divisions[0]!;
    const body: MarkInput = {
      presentStudentIds: division.batches[0]!.students,
      date: '2001-02-03',
      slotid: college.slotids[1]!,
      classKind: 'lecture',
      courseid: college.courseid,
      groupid: division.id,
    };
    let answer: ApiResult<'POST /attendance'> | undefined;
    const logged = await securityEvents(async () => (answer = await t.stack.api('POST /attendance', { body, cookie: t.admin.cookie })));
    expect(answer!.status).toBe(201);
    const backdated = logged.filter((entry) => entry.securityEvent === 'backdated mark');
    expect(backdated).toEqual([
      expect.objectContaining({
        date: '2001-02-03',
        sessionId: answer!.body.data._id,
        actor: expect.objectContaining({ id: t.admin.user._id, role: 'admin' }),
      }),
    ]);
    // A mark within the bound is no event.
    const recent = await securityEvents(() => mark(lectureMark(college, { date: daysAgo(6), slotid: college.slotids[1] })));
    expect(recent.filter((entry) => entry.securityEvent === 'backdated mark')).toEqual([]);
  });

  it("moves with the college's setting, and the term's first day wins over it", async () => {
    const settings = (patch: Record<string, unknown>) => t.stack.call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body: patch });
    expect((await settings({ markBackDays: 366 })).body.message).toBe(
      'Days back faculty may mark must be a whole number of days from 0 to 365',
    );
    expect((await settings({ markBackDays: -1 })).status).toBe(400);
    try {
      expect((await settings({ markBackDays: 2 })).status).toBe(200);
      const refused = await asFaculty(lectureMark(college, { date: daysAgo(3) }));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(tooFarBack(2));
      expect((await asFaculty(lectureMark(college, { date: daysAgo(2), slotid: college.slotids[1] }))).status).toBe(201);

      expect((await settings({ markBackDays: 30 })).status).toBe(200);
      expect((await asFaculty(lectureMark(college, { date: daysAgo(20), slotid: college.slotids[1] }))).status).toBe(201);
      expect((await patchTerm({ startDate: daysAgo(10) })).status).toBe(200);
      const beforeTerm = await asFaculty(lectureMark(college, { date: daysAgo(11) }));
      expect(beforeTerm.status).toBe(400);
      expect(beforeTerm.body.message).toBe(
        `This date is outside the term (from ${daysAgo(10)}): attendance can be marked only on the term's days`,
      );
    } finally {
      await settings({ markBackDays: 7 });
      await patchTerm({ startDate: null, endDate: null });
    }
  });

  it('still refuses a date after today, for everyone', async () => {
    const tomorrow = collegeToday(Date.now() + 86_400_000);
    for (const cookie of [t.admin.cookie, t.faculty.cookie]) {
      const refused = await t.stack.call('POST', '/api/v1/attendance', { cookie, body: toWire(lectureMark(college, { date: tomorrow })) });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Attendance cannot be marked for a future date');
    }
  });
});

describe('a group too large for one session item', () => {
  it('is refused with a 400 that says the limit, and nothing is written', async () => {
    const semester = 'Semester 1';
    const divisionid = await create(t.stack, t.admin.cookie, 'division', { name: 'Huge division', semid: college.semid });
    const batchid = await create(t.stack, t.admin.cookie, 'batch', { name: 'Huge batch', divisionid });
    // 620 students with 200-character Devanagari names: over 400 KB of names alone.
    const rows: ImportRow[] = Array.from({ length: 620 }, (_, at) => ({
      enrollment: `HUGE${String(at).padStart(4, '0')}`,
      name: 'अ'.repeat(196) + String(at).padStart(4, '0'),
      email: `huge${at}@college.test`,
      semester,
      division: 'Huge division',
      batch: 'Huge batch',
    }));
    for (let at = 0; at < rows.length; at += 155) {
      const result = await t.stack.call('POST', '/api/v1/student/import', {
        cookie: t.admin.cookie,
        body: { rows: rows.slice(at, at + 155), dryRun: false, createMissing: false },
      });
      expect(result.status, result.body.message).toBe(200);
      expect(result.body.data).toMatchObject({ counts: { create: 155, error: 0 } });
    }
    const before = await sessionCount();
    const body = {
      presentStudentIds: [],
      date: daysAgo(1),
      slotid: college.slotids[1],
      classKind: 'lab',
      courseid: college.courseid,
      groupid: batchid,
    };
    const refused = await mark(body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /^This batch is too large to store as one attendance session: its 620 students' names and enrollments need \d+ KB, and a session holds at most 380 KB\./,
    );
    expect(await sessionCount()).toBe(before);
  }, 120_000);
});

describe('GET attendance by group', () => {
  it('matches the groupid exactly, not as a prefix', async () => {
    const marked = lectureMark(college, { date: daysAgo(5), slotid: college.slotids[1] });
    await api.mark(t.admin.cookie, marked);
    const where = { date: daysAgo(5), slotid: college.slotids[1], classKind: 'lecture', courseid: college.courseid };
    expect(await api.view(t.admin.cookie, { ...where, groupid: marked.groupid })).toBeDefined();
    expect(await api.view(t.admin.cookie, { ...where, groupid: String(marked.groupid).slice(0, 8) })).toBeUndefined();
  });
});
