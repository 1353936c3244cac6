import { describe, expect, it } from 'vitest';
import { criteriaQuerySchema, markSchema } from '@shared/schemas/attendance';
import {
  fromWire,
  fromWireQuery,
  kindCode,
  kindOfCode,
  parseFromWire,
  toWire,
  wireReplacer,
  wireReviver,
} from '@shared/schemas/wire-names';

/** The one translation between the wire's names and SAMS's own (shared/schemas/wire-names.ts). */
const inside = {
  data: [
    { courseid: 'c1', classKind: 'lecture', sessions: [{ _id: 's1' }] },
    { courseid: 'c1', classKind: 'lab', nested: { classKind: 'lab', presentStudentIds: ['st-1'] } },
  ],
  message: 'Attendance data',
};
const onTheWire = {
  data: [
    { courseid: 'c1', slotcount: 1, sessions: [{ _id: 's1' }] },
    { courseid: 'c1', slotcount: 2, nested: { slotcount: 2, presentStudentData: ['st-1'] } },
  ],
  message: 'Attendance data',
};

describe('wire names', () => {
  it('gives the wire its names at any depth, and takes them back', () => {
    expect(toWire(inside)).toEqual(onTheWire);
    expect(fromWire(onTheWire)).toEqual(inside);
    expect(fromWire(toWire(inside))).toEqual(inside);
    expect(JSON.parse(JSON.stringify(inside, wireReplacer), wireReviver)).toEqual(inside);
    expect(JSON.parse(JSON.stringify(inside, wireReplacer))).toEqual(onTheWire);
  });

  it('parses an answer with the wire names taken in, with or without any in it', () => {
    expect(parseFromWire(JSON.stringify(onTheWire))).toEqual(inside);
    const plain = { items: [{ name: 'slotcount', note: 'presentStudentData' }], total: 2 };
    expect(parseFromWire(JSON.stringify(plain))).toEqual(plain);
    expect(parseFromWire(JSON.stringify({ data: [{ slotcount: 2 }] }))).toEqual({ data: [{ classKind: 'lab' }] });
  });

  it('keeps the order of the fields', () => {
    expect(Object.keys(toWire({ a: 1, classKind: 'lab', b: 2 }) as object)).toEqual(['a', 'slotcount', 'b']);
    expect(Object.keys(fromWire({ a: 1, presentStudentData: [], b: 2 }) as object)).toEqual(['a', 'presentStudentIds', 'b']);
  });

  it('answers an object without those names as the same object', () => {
    const plain = { name: 'Physics', semid: 's1', kind: 'Lecture', nested: { groupid: 'g1' } };
    expect(wireReplacer('', plain)).toBe(plain);
    expect(wireReviver('', plain)).toBe(plain);
    expect(fromWire(plain)).toEqual(plain);
    expect(toWire(plain)).toEqual(plain);
    for (const value of [null, 'text', 7, [1, 2], undefined]) expect(fromWire(value)).toEqual(value);
  });

  it('passes a code no kind has through untranslated, so the schema refuses it', () => {
    for (const code of [3, 0, 'x', null]) {
      const body = fromWire({ presentStudentData: [], date: '2026-11-20', slotid: 's1', slotcount: code, courseid: 'c1' });
      expect(body).toMatchObject({ classKind: code });
      const refused = markSchema.safeParse(body);
      expect(refused.success).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['Slot count must be 1 (Lecture) or 2 (Lab)']);
    }
    expect(toWire({ classKind: 'seminar' })).toEqual({ slotcount: 'seminar' });
  });

  it("takes a query's text in: '2' is a lab", () => {
    const query = fromWireQuery({ startdate: '2026-11-20', slotcount: '2', courseid: 'c1' });
    expect(query).toEqual({ startdate: '2026-11-20', classKind: 'lab', courseid: 'c1' });
    expect(criteriaQuerySchema.parse(query)).toMatchObject({ classKind: 'lab' });
    expect(fromWireQuery({ slotcount: '3' })).toEqual({ classKind: '3' });
    expect([kindOfCode('1'), kindOfCode(2), kindOfCode('3')]).toEqual(['lecture', 'lab', undefined]);
    expect([kindCode('lecture'), kindCode('lab')]).toEqual([1, 2]);
  });

  it("keeps a body's text code as it came, so the schema refuses it as before", () => {
    expect(fromWire({ slotcount: '1' })).toEqual({ classKind: '1' });
    expect(
      markSchema.safeParse(fromWire({ presentStudentData: [], date: '2026-11-20', slotid: 's1', slotcount: '1', courseid: 'c1' })).success,
    ).toBe(false);
  });

  it("takes no inside name from a request: only the wire's name gives the field", () => {
    expect(fromWire({ classKind: 'lab', presentStudentIds: ['x'], date: 'd' }, { strict: true })).toEqual({ date: 'd' });
    expect(fromWire({ classKind: 'lab', slotcount: 1 }, { strict: true })).toEqual({ classKind: 'lecture' });
    // A value kept by this release (an offline mark) comes back as it was.
    expect(fromWire({ classKind: 'lab', presentStudentIds: ['x'] })).toEqual({ classKind: 'lab', presentStudentIds: ['x'] });
    expect(fromWireQuery({ classKind: 'lab' })).toEqual({});
  });

  it('leaves a value nested deeper than any request field as it came, without running out of stack', () => {
    let deep: unknown = { slotcount: 1 };
    for (let level = 0; level < 5000; level++) deep = [deep];
    expect(fromWire({ a: deep })).toEqual({ a: deep });
    expect(fromWire({ classes: [{ slotcount: 2 }] })).toEqual({ classes: [{ classKind: 'lab' }] });
  });
});
