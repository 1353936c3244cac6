import { describe, expect, it, vi } from 'vitest';
import type { ApiBody } from '@shared/api-contract';
import type { RegisterInput } from '@shared/schemas/auth';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { create, useCollege } from '@tests/support/college';
import { main as lookalikesCommand } from '@infra/lookalikes';
import { withDatabaseError } from '@tests/support/faults';
import { storeLegacyNode, storeLegacyStudent, storeLegacyUser } from '@tests/support/legacy-items';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/**
 * Look-alike names (docs/security.md): names, enrollments, emails and usernames are normalised,
 * invisible and control characters refused, and uniqueness holds on UTS #39 look-alike keys,
 * through create, update, import and races; items an older release stored still read.
 */
const t = useTestStack('admin', 'faculty');
// Semester 1 › Division 1 (Batch 1A: LA001, LA002; Batch 1B: LA003, LA004).
const college = useCollege(t, { prefix: 'LA', divisions: 1, perBatch: 2 });

const batchA = () => college.divisions[0]!.batches[0]!.id;
const post = (path: string, body: Record<string, unknown>) => t.stack.call('POST', `/api/v1/${path}`, { cookie: t.admin.cookie, body });
const addStudent = (enrollment: string, extra: Partial<ApiBody<'POST /student'>> = {}) =>
  t.stack.api('POST /student', {
    body: { enrollment, name: 'Some Student', email: 'someone@college.test', batchid: batchA(), ...extra },
    cookie: t.admin.cookie,
  });
const register = (email: string, extra: Partial<RegisterInput> = {}) =>
  t.stack.api('POST /auth/register', {
    body: { username: 'New Teacher', email, password: 'Qz7#pLm2vX9!kw', role: 'faculty', ...extra },
    cookie: t.admin.cookie,
  });
const studentsOf = async (batchid: string) =>
  (await t.stack.api('GET /student/{batchid}', { params: { batchid }, cookie: t.admin.cookie })).body.data;
const semesterNames = async (termid: string) =>
  (await t.stack.api('GET /semester/{termid}', { params: { termid }, cookie: t.admin.cookie })).body.data.map((item) => item.name);
const importStudents = (body: ApiBody<'POST /student/import'>) => t.stack.api('POST /student/import', { body, cookie: t.admin.cookie });
const freshTerm = (() => {
  let count = 0;
  return () => create(t.stack, t.admin.cookie, 'term', { name: `Look-alike term ${++count}`, status: false });
})();

const LOOKALIKE_ENROLLMENT = TEXT_MESSAGES.lookalikeEnrollment;
const INVISIBLE: [string, string][] = [
  ['a zero-width space', '\u200b'],
  ['a right-to-left override', '\u202e'],
  ['NUL', '\u0000'],
  ['an escape', '\u001b[31m'],
  ['an unpaired surrogate', '\ud800'],
  ['a Hangul filler', '\u3164'],
];

describe('text is normalised and invisible or control characters are refused', () => {
  it('stores NFKC, trimmed, inner spaces collapsed', async () => {
    const termid = await freshTerm();
    expect((await post('semester', { name: '  Ｓｅｍｅｓｔｅｒ \t  ９ ', termid })).body.data).toMatchObject({ name: 'Semester 9' });
    const student = await addStudent('２５ＣＥ９００', { name: ' Neha   Kapoor ', email: ' ｎｅｈａ@college.test ' });
    expect(student.body.data).toMatchObject({ enrollment: '25CE900', name: 'Neha Kapoor', email: 'neha@college.test' });
  });

  it.each(INVISIBLE)('refuses %s in a name, an enrollment, an email and a username, storing nothing', async (_what, invisible) => {
    const termid = await freshTerm();
    const counted = (await allItems()).length;
    const semester = await post('semester', { name: `Sem${invisible} 1`, termid });
    expect([semester.status, semester.body.message]).toEqual([400, 'Name contains invisible or control characters']);
    const enrollment = await addStudent(`INV${invisible}01`);
    expect([enrollment.status, enrollment.body.message]).toEqual([400, 'Enrollment contains invisible or control characters']);
    expect((await addStudent('INV02', { name: `Eve${invisible}` })).body.message).toBe('Name contains invisible or control characters');
    expect((await addStudent('INV03', { email: `eve${invisible}@college.test` })).body.message).toBe(
      'Email contains invisible or control characters',
    );
    expect((await register(`eve${invisible}@college.test`)).body.message).toBe('Email contains invisible or control characters');
    const username = await register('eve.invisible@college.test', { username: `Eve${invisible}` });
    expect([username.status, username.body.message]).toEqual([400, 'Username contains invisible or control characters']);
    expect((await allItems()).length).toBe(counted);
  });

  it('keeps the joiners Indian scripts write after a virama', async () => {
    const result = await addStudent('DEV001', { name: 'क्\u200dष्मा र्\u200dया' });
    expect(result.status, result.body.message).toBe(201);
    expect(result.body.data.name).toBe('क्\u200dष्मा र्\u200dया');
  });
});

describe('words that mix scripts (issue 29, finding 12)', () => {
  const MIXED = TEXT_MESSAGES.mixedScripts;

  it.each([
    ['Dеmo Admin', 'a Cyrillic е among Latin letters'],
    ['Ravi Kumаr', 'a Cyrillic а in the second word'],
    ['Αdmin', 'a Greek Alpha'],
    ['रवि Kumar रaj', 'a Devanagari letter among Latin ones'],
  ])('refuses the username %j (%s), storing nothing', async (username) => {
    const counted = (await allItems()).length;
    const refused = await register('mixed.script@college.test', { username });
    expect([refused.status, refused.body.message]).toEqual([400, MIXED('Username')]);
    expect((await allItems()).length).toBe(counted);
  });

  it.each([
    'Ravi Kumar',
    'रवि कुमार',
    'Ravi रवि',
    'क्\u200dष्मा र्\u200dया',
    'Ελένη Παπαδοπούλου',
    'Иван Петров',
    'Jean-Luc O’Brien 2nd',
    '山田太郎',
    'やまだ タロウ 山田',
    'Tokyo東京タワー',
    '김민준 Kim',
  ])('takes the username %j: one script a word, or a mix UTS #39 allows', async (username) => {
    const email = `script.${Math.random().toString(36).slice(2)}@college.test`;
    const added = await register(email, { username });
    expect(added.status, added.body.message).toBe(201);
    expect(added.body.data.username).toBe(username.normalize('NFKC'));
  });

  it('refuses a student name that mixes scripts, on create, update and import; two people may share a name', async () => {
    const refused = await addStudent('MIX001', { name: 'Аnita Shah' });
    expect([refused.status, refused.body.message]).toEqual([400, MIXED('Name')]);
    const first = await addStudent('MIX002', { name: 'Anita Shah' });
    const second = await addStudent('MIX003', { name: 'Anita Shah' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const id = first.body.data._id;
    const updated = await t.stack.call('PATCH', `/api/v1/student/${id}`, {
      cookie: t.admin.cookie,
      body: { name: 'Anitа Shah' },
    });
    expect([updated.status, updated.body.message]).toEqual([400, MIXED('Name')]);
    const imported = await importStudents({
      rows: [
        {
          enrollment: 'MIX004',
          name: 'Mоhan Rao',
          email: 'mohan@college.test',
          semester: 'Semester 1',
          division: 'Division 1',
          batch: 'Batch 1A',
        },
      ],
      dryRun: true,
    });
    expect(imported.body.data.results.map((one) => one.message)).toEqual([MIXED('Name')]);
  });
});

describe('look-alikes cannot coexist', () => {
  it('refuses a student whose enrollment looks like another’s, on create and on update', async () => {
    const first = await create(t.stack, t.admin.cookie, 'student', {
      enrollment: '25CE001',
      name: 'First',
      email: 'first@college.test',
      batchid: batchA(),
    });
    for (const lookalike of ['25СЕ001', '25CEOO1', '25ce0Ο1', '25CE00l']) {
      const result = await addStudent(lookalike);
      expect([lookalike, result.status, result.body.message]).toEqual([lookalike, 409, LOOKALIKE_ENROLLMENT]);
    }
    expect((await addStudent('２５ＣＥ００１')).body.message).toBe('A student with enrollment 25CE001 already exists');

    const second = await create(t.stack, t.admin.cookie, 'student', {
      enrollment: '25CE002',
      name: 'Second',
      email: 'second@college.test',
      batchid: batchA(),
    });
    const patch = (id: string, enrollment: string) =>
      t.stack.call('PATCH', `/api/v1/student/${id}`, { cookie: t.admin.cookie, body: { enrollment } });
    expect((await patch(second, '25СЕ001')).body.message).toBe(LOOKALIKE_ENROLLMENT);
    expect((await patch(second, '25CE0O1\u200b')).body.message).toBe('Enrollment contains invisible or control characters');
    // Its own look-alike (a Cyrillic letter corrected) is its own to take.
    expect((await patch(first, '25СЕ001')).status).toBe(200);
    expect((await patch(first, '25CE001')).status).toBe(200);
    // A deleted student's keys are free again.
    expect((await t.stack.call('DELETE', `/api/v1/student/${first}`, { cookie: t.admin.cookie })).status).toBe(200);
    expect((await patch(second, '25СЕ001')).status).toBe(200);
    expect((await studentsOf(batchA())).filter((s) => s.name === 'Second').map((s) => s.enrollment)).toEqual(['25СЕ001']);
  });

  it('refuses a semester, division or batch whose name looks like a sibling’s, and allows it under another parent', async () => {
    const termid = await freshTerm();
    const sem = await create(t.stack, t.admin.cookie, 'semester', { name: 'Sem 1', termid });
    const cyrillic = await post('semester', { name: 'Ѕеm 1', termid });
    expect([cyrillic.status, cyrillic.body.message]).toEqual([
      409,
      'Semester "Ѕеm 1" looks like the name of another semester in this term; choose a name that reads differently',
    ]);
    expect((await post('semester', { name: 'SEM  1', termid })).body.message).toBe('Semester "SEM 1" already exists in this term');
    expect((await post('semester', { name: 'Ѕеm 1', termid: await freshTerm() })).status).toBe(201);

    await create(t.stack, t.admin.cookie, 'division', { name: 'Div A', semid: sem });
    expect((await post('division', { name: 'Div А', semid: sem })).status).toBe(409);
    expect((await post('course', { name: 'Div А', semid: sem })).status).toBe(201);

    expect((await t.stack.call('DELETE', `/api/v1/semester/${sem}`, { cookie: t.admin.cookie })).status).toBe(200);
    expect((await post('semester', { name: 'Ѕеm 1', termid })).status).toBe(201);
    expect(await semesterNames(termid)).toEqual(['Ѕеm 1']);
  });

  it('refuses a user whose email looks like another’s', async () => {
    const created = await register('teacher@college.test');
    expect(created.status).toBe(201);
    const lookalike = await register('teаcher@college.test');
    expect([lookalike.status, lookalike.body.message]).toEqual([409, 'A user with a look-alike email address already exists']);
    expect((await register('TEACHER@college.test')).body.message).toBe('A user with this email already exists');
    const id = created.body.data._id;
    expect((await t.stack.call('DELETE', `/api/v1/user/${id}`, { cookie: t.admin.cookie })).status).toBe(200);
    expect((await register('teаcher@college.test')).status).toBe(201);
  });
});

describe('races', () => {
  const SPELLINGS = ['RC001', 'RС001', 'RC0O1', 'RCOO1', 'rc001', 'ＲＣ００１', 'RС00l', 'Rc0o1'];

  it('of look-alike enrollments store exactly one', async () => {
    const results = await Promise.all(SPELLINGS.map((enrollment) => addStudent(enrollment)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(SPELLINGS.length - 1);
    const stored = (await studentsOf(batchA())).filter((s) => /^r/i.test(s.enrollment));
    expect(stored).toHaveLength(1);
  });

  it('of look-alike names in one parent store exactly one', async () => {
    const termid = await freshTerm();
    const names = ['Lab A', 'Lab А', 'LAB A', 'Lаb A', 'ⅬAB A', 'Lab  A'];
    const results = await Promise.all(names.map((name) => post('semester', { name, termid })));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(await semesterNames(termid)).toHaveLength(1);
  });

  it('of look-alike emails store exactly one', async () => {
    const emails = ['race@college.test', 'rаce@college.test', 'RACE@college.test', 'rаcе@college.test'];
    const results = await Promise.all(emails.map((email) => register(email)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
  });

  it('leave nothing behind when the transaction fails', async () => {
    const before = await allItems();
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'TransactWriteItemsCommand',
      () => addStudent('FAULT001'),
    );
    expect(failed.status).toBe(503);
    expect(await allItems()).toHaveLength(before.length);
    expect((await addStudent('FAULT001')).status).toBe(201);
  });
});

describe('the CSV import', () => {
  const row = (enrollment: string) => ({
    enrollment,
    name: 'Imported Student',
    email: 'imported@college.test',
    semester: 'Semester 1',
    division: 'Division 1',
    batch: 'Batch 1A',
  });
  const importRows = async (rows: ReturnType<typeof row>[], dryRun: boolean) => {
    const result = await importStudents({ rows, dryRun });
    expect(result.status, result.body.message).toBe(200);
    return result.body.data.results.map((one) => one.message);
  };

  it('refuses look-alikes of stored students and of other rows, and invisible characters, in a dry run and for real', async () => {
    const rows = [row('LА001'), row('IMP001'), row('IMPOO1'), row('IMP\u200b002'), row('ＬＡ００２'), row('IMP003')];
    for (const dryRun of [true, false]) {
      expect(await importRows(rows, dryRun)).toEqual([
        LOOKALIKE_ENROLLMENT,
        'Enrollment IMP001 looks like another enrollment in the file',
        'Enrollment IMPOO1 looks like another enrollment in the file',
        'Enrollment contains invisible or control characters',
        expect.stringMatching(/^(Will change|Changed) name, email$/),
        dryRun ? 'Will be added' : 'Added',
      ]);
    }
    expect((await studentsOf(batchA())).map((s) => s.enrollment)).toEqual(expect.arrayContaining(['LA001', 'LA002', 'IMP003']));
  });
});

describe('items stored before these rules', () => {
  it('still list and read, and a look-alike of them is refused where their siblings can be compared', async () => {
    const termid = await freshTerm();
    const legacy = await storeLegacyNode('semester', 'Old\u200b Sem', { termid });
    expect(await semesterNames(termid)).toEqual(['Old\u200b Sem']);
    expect((await post('semester', { name: 'Old Sem', termid })).body.message).toBe(
      'Semester "Old Sem" looks like the name of another semester in this term; choose a name that reads differently',
    );
    expect((await t.stack.call('DELETE', `/api/v1/semester/${legacy}`, { cookie: t.admin.cookie })).status).toBe(200);
    expect((await post('semester', { name: 'Old Sem', termid })).status).toBe(201);

    await storeLegacyUser('old\u200buser@college.test', 'Old\u202eUser');
    const users = (await t.stack.api('GET /user', { cookie: t.admin.cookie })).body.data;
    expect(users.map((user) => user.username)).toContain('Old\u202eUser');
    expect((await register('olduser@college.test')).body.message).toBe('A user with a look-alike email address already exists');
  });

  it('a stored student reads, changes and goes; it holds no key, so its delete frees none another holds', async () => {
    const id = await storeLegacyStudent({ enrollment: 'LG\u200b001', name: 'Legacy\u202e Name', batchid: batchA(), college });
    const read = await t.stack.call('GET', `/api/v1/student/student/${id}`, { cookie: t.admin.cookie });
    expect(read.body.data).toMatchObject({ enrollment: 'LG\u200b001', name: 'Legacy\u202e Name' });
    expect((await studentsOf(batchA())).map((s) => s.enrollment)).toContain('LG\u200b001');
    const renamed = await t.stack.call('PATCH', `/api/v1/student/${id}`, { cookie: t.admin.cookie, body: { name: 'Legacy Name' } });
    expect(renamed.body.data).toMatchObject({ enrollment: 'LG\u200b001', name: 'Legacy Name' });

    // Until `npm run lookalikes -- claim` claims its keys, a look-alike can be added beside it (docs/operations.md).
    expect((await addStudent('LG00l')).status).toBe(201);
    expect((await t.stack.call('DELETE', `/api/v1/student/${id}`, { cookie: t.admin.cookie })).status).toBe(200);
    expect((await addStudent('LGOO1')).body.message).toBe(LOOKALIKE_ENROLLMENT);
  });

  it('npm run lookalikes -- claim claims stored students’ keys, and lists the stored ones that already look alike', async () => {
    const store = (enrollment: string) => storeLegacyStudent({ enrollment, name: 'Stored', batchid: batchA(), college });
    const [first, second] = [await store('BF001'), await store('BFOO1')];
    await store('BF002');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await lookalikesCommand(['claim'])).toBe(1);
      const lines = log.mock.calls.map(([line]) => String(line));
      expect(lines.filter((line) => line.includes('looks like another student'))).toEqual([
        expect.stringMatching(new RegExp(`^student (${first}|${second}): enrollment "BF(001|OO1)" looks like another student's`)),
      ]);
      expect(lines.at(-1)).toMatch(/ 1 look like another, 0 changed meanwhile/);
    } finally {
      log.mockRestore();
    }
    expect((await addStudent('BF0O2')).body.message).toBe(LOOKALIKE_ENROLLMENT);
    expect((await addStudent('BF0O1')).body.message).toBe(LOOKALIKE_ENROLLMENT);
    await expect(lookalikesCommand(['check'])).rejects.toThrow('Usage: npm run lookalikes -- claim');
  });
});
