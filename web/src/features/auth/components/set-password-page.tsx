import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import * as z from 'zod/mini';
import { SET_PASSWORD_MESSAGES, setPasswordSchema } from '@shared/schemas/auth';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { NewPasswordFields } from './new-password-fields';
import { setPasswordWithLink, tokenOf } from '../api/set-password';
import './login-page.css';

export const PASSWORDS_DIFFER = 'The two passwords are not the same';

/** The form's check: the server's rules for the password, and the password typed twice alike. */
const formSchema = z
  .object({ password: setPasswordSchema.shape.password, confirmPassword: z.string() })
  .check(z.refine((input) => input.password === input.confirmPassword, { error: PASSWORDS_DIFFER, path: ['confirmPassword'] }));

const toLogin = (
  <Link to="/login" className="button">
    Go to Login
  </Link>
);

/**
 * Set your password (docs/product.md §4): the page an emailed link opens, signed in or not. The new
 * password twice; the server's refusal of the password shows under it, a link that does not work (used,
 * expired, incomplete) says so with the way to Login; once set, the way to Login to sign in with it.
 */
export function SetPasswordPage() {
  const token = tokenOf(useLocation());
  const [done, setDone] = useState<string | null>(null);
  const [linkFailure, setLinkFailure] = useState<string | null>(token ? null : SET_PASSWORD_MESSAGES.linkInvalid);
  const form = useForm(
    { password: '', confirmPassword: '' },
    {
      onFailure: (failure) => {
        const message = errorMessage(failure);
        if (message === SET_PASSWORD_MESSAGES.linkInvalid) setLinkFailure(message);
        else if (failure instanceof ApiError && failure.status === 400) form.setErrors({ password: message });
        else form.setErrors({ form: message });
      },
    },
  );
  const submit = form.handle(formSchema, async ({ password }) => setDone(await setPasswordWithLink({ token, password })));

  if (done || linkFailure) {
    return (
      <Page title="Set your password" size="narrow">
        <Notice kind={done ? 'info' : 'error'} action={toLogin}>
          {done ?? linkFailure}
        </Notice>
      </Page>
    );
  }
  const failure = form.errors.form;
  return (
    <Page title="Set your password" size="narrow" lead={<p className="login-lead">Choose the password you will sign in to SAMS with.</p>}>
      <form className="card login-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Set your password">
        <NewPasswordFields password={form.field('password')} again={form.field('confirmPassword')} />
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button login-submit" disabled={form.busy} aria-busy={form.busy}>
          Set password
        </button>
      </form>
    </Page>
  );
}
