import * as z from 'zod/mini';
import { GUARDIAN_COLUMNS, guardianFromCells, type Guardian, type GuardianCells } from '@shared/schemas/guardians';

/**
 * The Student form's guardian contacts: their fields are cells named as the CSV's columns
 * ('guardian1_email'), so a form keeps flat text, and the shared schema's messages about
 * guardians[0].email show under that field.
 */

export { guardianCells, type GuardianCells } from '@shared/schemas/guardians';

/** The contacts of the rows shown, as the body sends them (a row shown is sent, and checked, even empty). */
export const guardiansOf = (cells: GuardianCells, rows: number) =>
  Array.from({ length: rows }, (_, at) => guardianFromCells(cells, at + 1));

/** Where an issue at `path` shows: a guardian's field under its cell; the list as a whole ('At most 2…') under 'guardians'. */
export function cellPath(path: readonly PropertyKey[]): PropertyKey[] {
  const [first, at, field] = path;
  if (first !== 'guardians' || typeof at !== 'number') return [...path];
  const cell = `guardian${at + 1}_${String(field ?? 'name')}`;
  return GUARDIAN_COLUMNS.includes(cell as never) ? [cell] : ['guardians'];
}

/** `schema`, its issues about guardians moved to the cells the form shows them under. */
export function withGuardianCells<T>(schema: z.ZodMiniType<T>): z.ZodMiniType<T> {
  return z.pipe(
    z.unknown(),
    z.transform((input, context) => {
      const parsed = z.safeParse(schema, input);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        context.issues.push({ code: 'custom', message: issue.message, input, path: cellPath(issue.path) });
      return z.NEVER;
    }),
  );
}

/** One contact as a list shows it: 'Asha Rao (Mother), asha@example.com, +91 98200 12345'. */
export const guardianLine = ({ name, relation, email, phone }: Guardian) =>
  [`${name} (${relation})`, email, phone].filter(Boolean).join(', ');
