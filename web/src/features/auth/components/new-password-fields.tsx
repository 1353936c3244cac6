import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { Field, type FieldProps } from '@web/components/ui/field';

type Bound = Omit<Extract<FieldProps, { options?: undefined }>, 'label'>;

/** A new password and its repetition, as every form that sets one asks them (the rules in the hint). */
export function NewPasswordFields({ password, again }: { password: Bound; again: Bound }) {
  return (
    <>
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password, and not your name or email`}
        {...password}
      />
      <Field label="New password again" type="password" autoComplete="new-password" {...again} />
    </>
  );
}
