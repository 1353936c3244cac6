import type { EntryPlace } from './entities/timetable-entry';

/*
 * A class session's or a timetable entry's `_id` is its key's parts, encoded (base64url of a JSON
 * array): the id alone finds the item (one GetItem), and an item stored without an `_id` (by an older
 * release) has the same one. The class session's own are in functions/lib/entities/class-session.ts.
 */
export const encodeId = (parts: unknown[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** The id's parts when it decodes to `length` of them, its texts 1–64 characters; null for anything else. */
export function decodeId(id: string, length: number, texts: number[]): unknown[] | null {
  try {
    const parts: unknown = JSON.parse(Buffer.from(id, 'base64url').toString());
    if (!Array.isArray(parts) || parts.length !== length) return null;
    const fits = texts.every((at) => typeof parts[at] === 'string' && parts[at].length > 0 && parts[at].length <= 64);
    return fits ? parts : null;
  } catch {
    return null;
  }
}

/** An every-week entry's id has four parts; one of odd or even weeks has its weeks fifth. */
export const timetableEntryId = (e: EntryPlace): string =>
  encodeId(e.weeks ? [e.termid, e.weekday, e.slotid, e.groupid, e.weeks] : [e.termid, e.weekday, e.slotid, e.groupid]);

/** Where the entry with this `_id` would be; null for an id no entry can have. */
export function entryPlaceOfId(id: string): EntryPlace | null {
  const parts = decodeId(id, 4, [0, 2, 3]) ?? decodeId(id, 5, [0, 2, 3]);
  const weekday = parts?.[1];
  if (!parts || typeof weekday !== 'number' || !Number.isInteger(weekday) || weekday < 1 || weekday > 7) return null;
  const [termid, , slotid, groupid, weeks] = parts;
  if (parts.length === 5 && weeks !== 'odd' && weeks !== 'even') return null;
  return { termid, weekday, slotid, groupid, ...(weeks ? { weeks } : {}) } as EntryPlace;
}
