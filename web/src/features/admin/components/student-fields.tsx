import { EMAIL_INPUT, Field } from '@web/components/ui/field';
import type { Form } from '@web/lib/form';
import type { GuardianCells } from '../guardian-form';

/** The Student form's text: the student's fields, and the guardian contacts' cells (components/guardian-fields.tsx). */
export type StudentText = { enrollment: string; name: string; email: string; dob: string } & GuardianCells;

/** Enrollment, name, email and the optional date of birth: the same fields in the add form and the update dialog. */
export function StudentFields({ form }: { form: Form<StudentText> }) {
  return (
    <>
      <Field label="Enrollment" autoComplete="off" autoCapitalize="characters" spellCheck={false} {...form.field('enrollment')} />
      <Field label="Name" autoComplete="off" {...form.field('name')} />
      <Field label="Email" {...EMAIL_INPUT} autoComplete="off" {...form.field('email')} />
      <Field label="Date of birth (optional)" type="date" autoComplete="off" {...form.field('dob')} />
    </>
  );
}
