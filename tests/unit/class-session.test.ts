import { describe, expect, it } from 'vitest';
import {
  carriesStatuses,
  classSessionId,
  classSessionItem,
  classSessionKey,
  classSessionOf,
  classSessionPlaceOfId,
  isSameMark,
  type ClassSession,
  type StoredClassSession,
} from '@functions/lib/entities/class-session';
import { encodeId } from '@functions/lib/item-ids';

const place = { courseid: 'c1', classKind: 'lecture' as const, date: '2026-11-20', slotid: 's1', groupid: 'd1' };
/** The place as an item stores it: the kind by its code. */
const { classKind: _, ...storedPlace } = { ...place, slotcount: 1 as const };
const expected = ['st-1', 'st-2', 'st-3'].map((_id, at) => ({ _id, enrollment: `E${at}`, name: `Student ${at}` }));
const markedBy = { _id: 'u1', username: 'faculty' };
const session: ClassSession = {
  ...place,
  _id: classSessionId(place),
  expected,
  statuses: { 'st-1': 'present', 'st-2': 'late', 'st-3': 'absent' },
  markedBy,
  markedAt: '2026-11-20T04:00:00.000Z',
  version: 3,
  clientMarkId: '8d9e7f0a-1b2c-4d3e-8f4a-5b6c7d8e9f00',
};

describe('class session entity', () => {
  it('stores the current shape and reads it back as it was', () => {
    const item = classSessionItem(session);
    expect(item).toMatchObject({ entity: 'attendance', shape: 2, ...classSessionKey(place) });
    expect(classSessionOf(item as StoredClassSession)).toEqual(session);
  });

  it('stores the kind by its code, in the item, its key and its id, as older releases did', () => {
    const item = classSessionItem({ ...session, classKind: 'lab' });
    expect(item).toMatchObject({ slotcount: 2 });
    expect(item).not.toHaveProperty('classKind');
    // The key's second part is the kind's code.
    expect([item.sk, classSessionKey(place).sk].map((sk) => sk.split('#').slice(1))).toEqual([
      ['2', '2026-11-20', 's1', 'd1'],
      ['1', '2026-11-20', 's1', 'd1'],
    ]);
    expect(session._id).toBe(encodeId(['c1', 1, '2026-11-20', 's1', 'd1']));
  });

  it("upgrades an older release's item: present ids to statuses, the id from the key, version 1", () => {
    const oldest = { ...storedPlace, expected, present: ['st-1', 'st-3'], markedBy, markedAt: session.markedAt };
    expect(classSessionOf(oldest)).toEqual({
      ...place,
      _id: session._id,
      expected,
      statuses: { 'st-1': 'present', 'st-2': 'absent', 'st-3': 'present' },
      markedBy,
      markedAt: session.markedAt,
      version: 1,
    });
    const withStatuses = { ...oldest, present: undefined, statuses: session.statuses, version: 2 };
    expect(classSessionOf(withStatuses)).toMatchObject({ statuses: session.statuses, version: 2 });
  });

  it('says which projections carry their statuses: those with a shape or a version', () => {
    expect([carriesStatuses({ shape: 2 }), carriesStatuses({ version: 1 }), carriesStatuses({})]).toEqual([true, true, false]);
  });

  it('finds the place from the id, and no place for an id no class session can have', () => {
    expect(classSessionPlaceOfId(session._id)).toEqual(place);
    expect(classSessionPlaceOfId(encodeId(['c1', 3, '2026-11-20', 's1', 'd1']))).toBeNull();
    expect(classSessionPlaceOfId('not-an-id')).toBeNull();
  });

  it('counts a mark as sent again only with the same clientMarkId by the same user', () => {
    expect(isSameMark(session, { clientMarkId: session.clientMarkId, markedBy })).toBe(true);
    expect(isSameMark(session, { clientMarkId: session.clientMarkId, markedBy: { _id: 'u2', username: 'other' } })).toBe(false);
    expect(isSameMark(session, { clientMarkId: undefined, markedBy })).toBe(false);
    expect(isSameMark({ ...session, clientMarkId: undefined }, { clientMarkId: undefined, markedBy })).toBe(false);
  });
});
