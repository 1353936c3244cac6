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

/** An item (or a part of one) as stored: STORED_KIND's code in place of classKind. */
export type WithStoredKind<T extends { classKind: ClassKind }> = Omit<T, 'classKind'> & { [STORED_KIND]: KindCode };

/** The attributes to store: classKind as its code, the rest as they are. */
export function withStoredKind<T extends { classKind: ClassKind }>(value: T): WithStoredKind<T> {
  const { classKind, ...rest } = value;
  return { ...rest, [STORED_KIND]: storedKind(classKind) } as WithStoredKind<T>;
}

/** A stored item (or part) as read: its code as classKind, the rest as they are. */
export function withClassKind<T extends { [STORED_KIND]: KindCode }>(item: T): Omit<T, typeof STORED_KIND> & { classKind: ClassKind } {
  const { [STORED_KIND]: code, ...rest } = item;
  return { ...rest, classKind: kindOfStored(code) };
}
