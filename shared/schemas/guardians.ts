import * as z from 'zod/mini';
import { normalizeText } from '../text/normalize';
import { emailAddress, personName } from './common';
import { GUARDIAN_RELATIONS, MAX_GUARDIANS, type GuardianRelation } from './guardian-relations';

/**
 * A student's guardian contacts (docs/product.md §2.6): at most MAX_GUARDIANS, each a name, a
 * relation, and an email or a phone or both. Sent in full: the list given replaces the student's.
 * The Student form and the CSV import write them as cells guardian1_name … guardian2_phone.
 */
export { GUARDIAN_RELATIONS, MAX_GUARDIANS, type GuardianRelation };
/** A guardian as stored and answered: shared/answers/structure.ts. */
export type { Guardian } from '../answers/structure';

export const GUARDIAN_MESSAGES = {
  list: 'Send the guardians as a list of contacts',
  tooMany: `At most ${MAX_GUARDIANS} guardians per student`,
  contact: 'Each guardian needs a name, a relation and an email or phone',
  name: 'Enter the guardian’s name',
  relation: `Choose the guardian’s relation: ${GUARDIAN_RELATIONS.join(', ')}`,
  email: 'The guardian’s email must be a valid address',
  phone: 'The guardian’s phone must have 7 to 15 digits (spaces, - and a leading + are allowed)',
  reach: 'Enter the guardian’s email or phone',
} as const;

/** An empty cell or field means no value, as an absent one does. */
const blankIsAbsent = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** 'mother' or ' MOTHER ' is Mother: a CSV is typed by hand. */
const canonicalRelation = (value: unknown) =>
  typeof value === 'string' ? (GUARDIAN_RELATIONS.find((one) => one.toLowerCase() === value.trim().toLowerCase()) ?? value) : value;

const PHONE_CHARACTERS = /^\+?\d[\d -]*$/;
/** Digits, spaces and dashes after a digit or a leading +, with 7 to 15 digits (E.164 allows 15). */
export const isPhone = (text: string) => PHONE_CHARACTERS.test(text) && /^(\D*\d){7,15}\D*$/.test(text);

const guardianEmail = z.optional(
  z.pipe(
    z.transform(blankIsAbsent),
    z.optional(
      z.pipe(z.string({ error: GUARDIAN_MESSAGES.email }).check(z.trim(), z.toLowerCase()), emailAddress(GUARDIAN_MESSAGES.email)),
    ),
  ),
);
const guardianPhone = z.optional(
  z.pipe(
    z.transform(blankIsAbsent),
    z.optional(
      z.string({ error: GUARDIAN_MESSAGES.phone }).check(
        // A CSV export writes '+91… (so that a spreadsheet does not read a formula), and spreadsheet users type it so.
        z.overwrite((text) => normalizeText(text).replace(/^'(?=\+)/, '')),
        z.maxLength(30, { error: GUARDIAN_MESSAGES.phone }),
        z.refine(isPhone, { error: GUARDIAN_MESSAGES.phone }),
      ),
    ),
  ),
);

export const guardianSchema = z
  .object(
    {
      name: personName(GUARDIAN_MESSAGES.name, 200, 'The guardian’s name'),
      relation: z.pipe(z.transform(canonicalRelation), z.enum(GUARDIAN_RELATIONS, { error: GUARDIAN_MESSAGES.relation })),
      email: guardianEmail,
      phone: guardianPhone,
    },
    { error: GUARDIAN_MESSAGES.contact },
  )
  .check(
    z.refine((guardian) => blankIsAbsent(guardian.email) !== undefined || blankIsAbsent(guardian.phone) !== undefined, {
      error: GUARDIAN_MESSAGES.reach,
      path: ['email'],
      // Said with the name's or relation's message, not once they are fixed; not when an email or phone was given but is wrong.
      when: ({ value, issues }) =>
        typeof value === 'object' && value !== null && !issues.some((issue) => issue.path?.[0] === 'email' || issue.path?.[0] === 'phone'),
    }),
  );
export type GuardianInput = z.input<typeof guardianSchema>;

/** A student's whole list of guardians; [] clears it. */
export const guardianListSchema = z
  .array(guardianSchema, { error: GUARDIAN_MESSAGES.list })
  .check(z.maxLength(MAX_GUARDIANS, { error: GUARDIAN_MESSAGES.tooMany }));

export const GUARDIAN_FIELDS = ['name', 'relation', 'email', 'phone'] as const;
export type GuardianField = (typeof GUARDIAN_FIELDS)[number];
/** Guardian n's cell for a field, as a CSV column and a form field name it ('guardian1_email'). */
export const guardianColumn = (n: number, field: GuardianField) => `guardian${n}_${field}` as GuardianColumn;
/** Spelled for MAX_GUARDIANS = 2 (tests/unit/guardians.test.ts checks GUARDIAN_COLUMNS against it). */
export type GuardianColumn = `guardian${1 | 2}_${GuardianField}`;
export const GUARDIAN_COLUMNS: readonly GuardianColumn[] = Array.from({ length: MAX_GUARDIANS }, (_, at) =>
  GUARDIAN_FIELDS.map((field) => guardianColumn(at + 1, field)),
).flat();
export type GuardianCells = Record<GuardianColumn, string>;

/** The guardians as cells (an export's columns, the update form's fields): empty cells for a guardian not there. */
export function guardianCells(guardians: readonly Partial<Record<GuardianField, string>>[] | undefined): GuardianCells {
  const cells = Object.fromEntries(GUARDIAN_COLUMNS.map((column) => [column, ''])) as GuardianCells;
  (guardians ?? []).slice(0, MAX_GUARDIANS).forEach((guardian, at) => {
    for (const field of GUARDIAN_FIELDS) cells[guardianColumn(at + 1, field)] = guardian[field] ?? '';
  });
  return cells;
}

/** Guardian n's four cells as a contact to check (absent cells empty). */
export const guardianFromCells = (cells: Partial<Record<string, string>>, n: number): Record<GuardianField, string> =>
  Object.fromEntries(GUARDIAN_FIELDS.map((field) => [field, cells[guardianColumn(n, field)] ?? ''])) as Record<GuardianField, string>;

/** Whether guardian n has a cell with text: a guardian whose cells are all empty is not there. */
export const guardianGiven = (cells: Partial<Record<string, string>>, n: number) =>
  GUARDIAN_FIELDS.some((field) => (cells[guardianColumn(n, field)] ?? '').trim() !== '');

/** Whether two lists hold the same contacts in the same order (an absent list is an empty one). */
export function sameGuardians(
  a: readonly Partial<Record<GuardianField, string>>[] = [],
  b: readonly Partial<Record<GuardianField, string>>[] = [],
) {
  const text = (list: typeof a) => JSON.stringify(list.map((guardian) => GUARDIAN_FIELDS.map((field) => guardian[field] ?? '')));
  return text(a) === text(b);
}
