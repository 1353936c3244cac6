import { kindCode, kindOfCode, type ClassKind } from '@shared/schemas/wire-names';

/**
 * How a stored item holds a class's kind: every item that has one (class sessions, their summaries, timetable
 * entries and their copies, leave applications and days of leave) keeps it as a code in the attribute
 * STORED_KIND, 1 a lecture and 2 a lab, and its keys and ids spell the same code. The entity modules convert
 * at the item's edge; an expression that names the attribute takes its name from here.
 */
export const STORED_KIND = 'slotcount';

/** A class kind as stored: 1 a lecture, 2 a lab. */
export type KindCode = 1 | 2;

/** The code a kind is stored as. */
export const storedKind = (kind: ClassKind): KindCode => kindCode(kind);

/** The kind a stored code holds; a code no item is stored with is a damaged item, and reading it fails. */
export function kindOfStored(code: unknown): ClassKind {
  const kind = kindOfCode(code);
  if (!kind) throw new Error(`A stored item holds ${String(code)} as its class kind, not 1 or 2`);
  return kind;
}
