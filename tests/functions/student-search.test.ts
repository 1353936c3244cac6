import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_SEARCH_MESSAGES as M } from '@shared/schemas/student-search';
import { db } from '@functions/lib/db';
import { create, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

const t = useTestStack('admin', 'faculty');
// One semester, two divisions of two batches, two students each: SS001…SS008 in the active term.
const college = useCollege(t, { prefix: 'SS', divisions: 2, perBatch: 2 });

const PEOPLE = [
  { enrollment: 'HI-101', name: 'प्रिया शर्मा' },
  // ज़ written as one code point (U+095B): stored as NFKC makes it, ज + nukta.
  { enrollment: 'HI-102', name: 'ज़ोया ख़ान' },
  { enrollment: 'TA-201', name: 'முருகன் செல்வம்' },
  { enrollment: 'TA-202', name: 'கொடி அரசு' },
  { enrollment: 'ES-301', name: 'José Álvarez' },
];
let otherTerm = { termid: '', studentId: '' };

beforeAll(async () => {
  const batchid = college.divisions[1]!.batches[0]!.id;
  for (const [at, person] of PEOPLE.entries())
    await create(t.stack, t.admin.cookie, 'student', { ...person, email: `p${at}@college.test`, batchid });
  // Next term, being prepared: its students are found only when it is asked for.
  const termid = await create(t.stack, t.admin.cookie, 'term', { name: 'Next term', status: false });
  const semid = await create(t.stack, t.admin.cookie, 'semester', { name: 'Semester 2', termid });
  const divisionid = await create(t.stack, t.admin.cookie, 'division', { name: 'Division N', semid });
  const nextBatch = await create(t.stack, t.admin.cookie, 'batch', { name: 'Batch N', divisionid });
  const studentId = await create(t.stack, t.admin.cookie, 'student', {
    enrollment: 'NX-001',
    name: 'Priya Next',
    email: 'next@college.test',
    batchid: nextBatch,
  });
  otherTerm = { termid, studentId };
});

const search = (query: { q: string; termid?: string }, cookie = t.admin.cookie) => t.stack.api('GET /student/search', { query, cookie });
/** Any query string, even one the contract does not allow. */
const rawSearch = (query: Record<string, string>) =>
  t.stack.call('GET', `/api/v1/student/search?${new URLSearchParams(query)}`, { cookie: t.admin.cookie });
const namesFor = async (q: string, cookie?: string) => (await search({ q }, cookie)).body.data.students.map((student) => student.name);
const enrollmentsFor = async (q: string) => (await search({ q })).body.data.students.map((student) => student.enrollment);

describe('student search: any script, any case, accents ignored', () => {
  it('finds a Hindi name by any of its words', async () => {
    expect(await namesFor('शर्मा')).toEqual(['प्रिया शर्मा']);
    expect(await namesFor('प्रिया')).toEqual(['प्रिया शर्मा']);
  });

  it('finds a Devanagari nukta letter however it is typed (one code point or letter + nukta)', async () => {
    expect(await namesFor('\u095Bोया')).toEqual(['ज़ोया ख़ान']);
    expect(await namesFor('\u091C\u093Cोया')).toEqual(['ज़ोया ख़ान']);
    // A vowel sign is part of the word: ज़ोया is not found by the bare consonants.
    expect(await namesFor('ज़य')).toEqual([]);
  });

  it('finds a Tamil name, a vowel sign typed as one code point or as its two parts', async () => {
    expect(await namesFor('முருகன்')).toEqual(['முருகன் செல்வம்']);
    expect(await namesFor('\u0B95\u0BCAடி')).toEqual(['கொடி அரசு']);
    expect(await namesFor('\u0B95\u0BC6\u0BBEடி')).toEqual(['கொடி அரசு']);
  });

  it('ignores case and accents, and folds fullwidth letters', async () => {
    expect(await namesFor('jose')).toEqual(['José Álvarez']);
    expect(await namesFor('ÁLVAREZ')).toEqual(['José Álvarez']);
    expect(await namesFor('ｊｏｓé')).toEqual(['José Álvarez']);
  });

  it('finds by any part of the enrollment, an exact enrollment first, then in roll order', async () => {
    const result = await search({ q: ' ss00 ' });
    expect(result.status).toBe(200);
    expect(result.body.message).toBe(M.found);
    expect(result.body.data.students.map((student) => student.enrollment)).toEqual([
      'SS001',
      'SS002',
      'SS003',
      'SS004',
      'SS005',
      'SS006',
      'SS007',
      'SS008',
    ]);
    expect(await enrollmentsFor('hi-102')).toEqual(['HI-102']);
  });

  it('ranks an exact enrollment, then a name or a word of it that starts with the text, then the rest', async () => {
    const batchid = college.divisions[0]!.batches[0]!.id;
    for (const [enrollment, name] of [
      ['RK-100', 'Ramkumar Iyer'],
      ['RK-200', 'Arun Kumar'],
      ['RK-300', 'Kumari Devi'],
      ['KUMAR', 'Someone Else'],
    ] as const)
      await create(t.stack, t.admin.cookie, 'student', { enrollment, name, email: `${enrollment.toLowerCase()}@college.test`, batchid });
    expect(await namesFor('kumar')).toEqual(['Someone Else', 'Arun Kumar', 'Kumari Devi', 'Ramkumar Iyer']);
  });

  it('answers where each student studies, with ids to open their batch or record, and no contact details', async () => {
    const division = college.divisions[1]!;
    const result = await search({ q: 'SS007' });
    expect(result.body.data).toEqual({
      students: [
        {
          _id: division.batches[1]!.students[0],
          enrollment: 'SS007',
          name: 'Student SS007',
          termid: college.termid,
          semid: college.semid,
          semester: 'Semester 1',
          divisionid: division.id,
          division: 'Division 2',
          batchid: division.batches[1]!.id,
          batch: 'Batch 2B',
        },
      ],
      more: false,
    });
  });

  it('answers at most 20, the best first, and says there are more', async () => {
    const batchid = college.divisions[0]!.batches[1]!.id;
    await Promise.all(
      Array.from({ length: 20 }, (_, at) =>
        create(t.stack, t.admin.cookie, 'student', {
          enrollment: `MANY${String(at + 1).padStart(2, '0')}`,
          name: `Many Student ${at + 1}`,
          email: `many${at}@college.test`,
          batchid,
        }),
      ),
    );
    const result = await search({ q: 'student' });
    expect(result.body.data.students).toHaveLength(20);
    expect(result.body.data.more).toBe(true);
    expect((await enrollmentsFor('MANY01'))[0]).toBe('MANY01');
  });
});

describe('student search: which term', () => {
  it('searches the active term unless another is named', async () => {
    expect(await namesFor('priya')).toEqual([]);
    const result = await search({ q: 'priya', termid: otherTerm.termid });
    expect(result.body.data.students.map((student) => student._id)).toEqual([otherTerm.studentId]);
  });

  it('answers an unknown term with no students, and a text nobody matches with its message', async () => {
    expect((await search({ q: 'priya', termid: 'no-such-term' })).body).toEqual({ data: { students: [], more: false }, message: M.none });
    expect((await search({ q: 'zzzz' })).body).toEqual({ data: { students: [], more: false }, message: M.none });
  });
});

describe('student search: access', () => {
  it('answers faculty as admins (Reports is theirs too), and no one signed out', async () => {
    expect(await namesFor('शर्मा', t.faculty.cookie)).toEqual(['प्रिया शर्मा']);
    const asFaculty = await search({ q: 'SS00' }, t.faculty.cookie);
    expect(JSON.stringify(asFaculty.body.data)).not.toContain('@');
    const signedOut = await t.stack.call('GET', '/api/v1/student/search?q=SS00');
    expect(signedOut.status).toBe(401);
    expect(JSON.stringify(signedOut.body)).not.toContain('SS001');
  });
});

describe('student search: bad text', () => {
  it.each([
    [{}, M.tooShort],
    [{ q: '' }, M.tooShort],
    [{ q: 'a' }, M.tooShort],
    [{ q: '   a   ' }, M.tooShort],
    [{ q: 'अ' }, M.tooShort],
    [{ q: 'x'.repeat(101) }, M.tooLong],
    [{ q: 'அ'.repeat(101) }, M.tooLong],
    [{ q: 'ab', termid: '' }, M.termid],
  ])('%j → 400 %s', async (query: Record<string, string>, message) => {
    const result = await rawSearch(query);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
  });

  it('takes 100 characters (counted as characters, not UTF-16 units)', async () => {
    expect((await search({ q: 'x'.repeat(100) })).status).toBe(200);
    expect((await search({ q: '𝕊'.repeat(100) })).status).toBe(200);
  });
});

describe('student search: Queries under the term, never a Scan', () => {
  const sent: string[] = [];
  beforeAll(() => {
    db.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(String(context.commandName).replace(/Command$/, ''));
        return next(args);
      },
      { step: 'initialize', name: 'count-search-requests' },
    );
  });
  afterAll(() => {
    db.middlewareStack.remove('count-search-requests');
  });

  it('reads the active terms, the semesters, each semester’s divisions and each division’s students, then the batches shown', async () => {
    await search({ q: 'SS00' });
    sent.length = 0;
    expect((await search({ q: 'SS00' })).status).toBe(200);
    // The session (GetItem); terms, 1 semester, 2 divisions (Queries); the batches' names (BatchGetItem).
    expect(sent.sort()).toEqual(['BatchGetItem', 'GetItem', 'Query', 'Query', 'Query', 'Query', 'Query'].sort());
    expect(sent).not.toContain('Scan');
  });
});
