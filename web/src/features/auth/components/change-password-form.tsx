import * as z from 'zod/mini';
import { changePasswordSchema, PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { Field } from '@web/components/ui/field';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { NewPasswordFields } from './new-password-fields';
import { toast } from '@web/lib/toast';
import { changePassword } from '../api/account';

const PASSWORDS_DIFFER = 'The two new passwords are not the same';

/** The form's check: the server's schema, and the new password typed twice alike. */
const formSchema = z
  .extend(changePasswordSchema, { confirmPassword: z.string() })
  .check(z.refine((input) => input.newPassword === input.confirmPassword, { error: PASSWORDS_DIFFER, path: ['confirmPassword'] }));

/**
 * Change password (docs/product.md §4): the current password, the new one twice. The server's
 * refusals (a wrong current password, a common password, one with the user's name) show under
 * the field they are about.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const form = useForm(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    {
      onFailure: (failure) => {
        const message = errorMessage(failure);
        if (message === PASSWORD_MESSAGES.currentWrong) form.setErrors({ currentPassword: message });
        else if (failure instanceof ApiError && failure.status === 400) form.setErrors({ newPassword: message });
        else toast.error(message);
      },
    },
  );

  const submit = form.handle(formSchema, async ({ currentPassword, newPassword }) => {
    const message = await changePassword({ currentPassword, newPassword });
    form.reset();
    toast.success(message);
    onChanged?.();
  });

  return (
    <form className="card account-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <Field label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
      <NewPasswordFields password={form.field('newPassword')} again={form.field('confirmPassword')} />
      <button type="submit" className="button" disabled={form.busy} aria-busy={form.busy}>
        Change password
      </button>
    </form>
  );
}
