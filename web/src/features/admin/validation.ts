import type * as z from 'zod/mini';

/** The first message per field of a failed parse (fields as the schema names them; a form-level issue under `formField`). */
export function firstErrors<F extends string>(error: z.core.$ZodError, formField: F): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = (issue.path.length ? String(issue.path[0]) : formField) as F;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Moves focus to the first control (in this order) that has an error, so the message is read out. */
export function focusFirstError<F extends string>(errors: Partial<Record<F, string>>, order: [F, string][]): void {
  const first = order.find(([field]) => errors[field]);
  if (first) document.getElementById(first[1])?.focus();
}
