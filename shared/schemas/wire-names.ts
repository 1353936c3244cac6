/*
 * The wire keeps the names the spec's clients use (docs/api.md); inside, SAMS says what it means. This table is
 * the one translation, applied at the two edges only: the API's (functions/lib/http/resource.ts: requests in,
 * answers out) and the web client's (web/src/lib/api-client.ts: requests out, answers in).
 *
 *   inside                          on the wire
 *   classKind 'lecture' | 'lab'     slotcount 1 | 2 (in a query string '1' | '2')
 *   presentStudentIds               presentStudentData
 */

export const CLASS_KINDS = ['lecture', 'lab'] as const;
/** What a class is: a lecture (of a division) or a lab (of a batch). */
export type ClassKind = (typeof CLASS_KINDS)[number];

const KIND_CODES = { lecture: 1, lab: 2 } as const;
const KIND_OF_CODE: Record<string, ClassKind> = Object.fromEntries(CLASS_KINDS.map((kind) => [KIND_CODES[kind], kind]));

/** The number a class kind is on the wire, in the web app's URLs and in stored items and keys: 1 lecture, 2 lab. */
export const kindCode = (kind: ClassKind): 1 | 2 => KIND_CODES[kind];
/** The class kind of a code (1 or 2, as a number or as text); undefined for anything else. */
export const kindOfCode = (code: unknown): ClassKind | undefined => KIND_OF_CODE[String(code)];

type Rename = [inside: string, wire: string, toWire: (value: unknown) => unknown, fromWire: (value: unknown) => unknown];
// A body's and an answer's code is the number (text '1' in a body is refused as before); a query's is text (fromWireQuery).
const RENAMES: Rename[] = [
  [
    'classKind',
    'slotcount',
    (kind) => KIND_CODES[kind as ClassKind] ?? kind,
    (code) => (typeof code === 'number' && kindOfCode(code)) || code,
  ],
  ['presentStudentIds', 'presentStudentData', (ids) => ids, (ids) => ids],
];

/** A field's name on the wire. */
export const wireFieldName = (name: string): string => RENAMES.find(([inside]) => inside === name)?.[1] ?? name;

// The names that make an object need translating, looked up for every value of every answer: built once.
const NAMES_OF = {
  toWire: RENAMES.map(([inside]) => inside),
  fromWire: RENAMES.map(([, wire]) => wire),
  strict: RENAMES.flatMap(([inside, wire]) => [inside, wire]),
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One object's own names translated (a copy, keys in their order), or the object itself when it carries none. */
function translated(value: unknown, direction: 'toWire' | 'fromWire', strict = false): unknown {
  if (!isRecord(value)) return value;
  const from = direction === 'toWire' ? 0 : 1;
  if (!NAMES_OF[strict ? 'strict' : direction].some((name) => Object.hasOwn(value, name))) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const rename = RENAMES.find((candidate) => candidate[from] === key);
    // A request's inside name is not the client's to send: only the wire's name gives the field.
    if (strict && RENAMES.some(([inside]) => inside === key)) continue;
    if (!rename) copy[key] = field;
    else if (direction === 'toWire') copy[rename[1]] = rename[2](field);
    else copy[rename[0]] = rename[3](field);
  }
  return copy;
}

/** JSON.stringify's replacer for what goes out on the wire: `JSON.stringify(answer, wireReplacer)`. */
export const wireReplacer = (_key: string, value: unknown): unknown => translated(value, 'toWire');

/** JSON.parse's reviver for what comes in from the wire: `JSON.parse(text, wireReviver)`. */
export const wireReviver = (_key: string, value: unknown): unknown => translated(value, 'fromWire');

/**
 * An answer's text parsed with the wire's names taken in. A reviver runs for every value, so an answer whose text
 * names none of them (most: a list of courses, a student's record) is parsed without one.
 */
export function parseFromWire(text: string): unknown {
  const named = NAMES_OF.fromWire.some((name) => text.includes(`"${name}"`));
  return named ? JSON.parse(text, wireReviver) : JSON.parse(text);
}

/** Deeper than any request's renamed field (a leave's classes[].slotcount is 2): past it a value is left as it came. */
const MAX_REQUEST_DEPTH = 8;

/**
 * A value with the wire's names taken in, down to MAX_REQUEST_DEPTH: a request's parsed JSON body (strict: an
 * inside name sent by the client is dropped, so the schema sees only what the wire's name gave), or a value kept
 * by an earlier release (not strict: its inside names stay).
 */
export function fromWire(value: unknown, { strict = false } = {}, depth = 0): unknown {
  if (depth > MAX_REQUEST_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => fromWire(item, { strict }, depth + 1));
  if (!isRecord(value)) return value;
  const fields = Object.entries(value).map(([key, field]) => [key, fromWire(field, { strict }, depth + 1)]);
  return translated(Object.fromEntries(fields), 'fromWire', strict);
}

/** A query's fields with the wire's names taken in: a query carries text, so slotcount '1' or '2' is the code. */
export function fromWireQuery(query: Record<string, unknown>): Record<string, unknown> {
  const code = query.slotcount;
  const withCode = typeof code === 'string' && kindOfCode(code) ? { ...query, slotcount: Number(code) } : query;
  return fromWire(withCode, { strict: true }) as Record<string, unknown>;
}

/** A value (a body, a query's fields) with the wire's names given back, at any depth. */
export function toWire(value: unknown): unknown {
  if (value === undefined) return value;
  return JSON.parse(JSON.stringify(value, wireReplacer)) as unknown;
}
