import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRODUCT } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { loginSchema, PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { EMAIL_INPUT, Field } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { ApiError } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { login, useAppConfig } from '../api/auth';
import './login-page.css';

/**
 * docs/product.md §8: any login failure reads 'Wrong email or password'; a locked account, a spent
 * one-time password or an unreachable server says so instead.
 */
const loginFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 429 || error.status === 0 || error.message === PASSWORD_MESSAGES.oneTimeSpent)
    ? error.message
    : MESSAGES.wrongLogin;

/** The login screen (docs/product.md §2.3): email, password, Login; the demo hint on the local stack. */
export function LoginPage() {
  const navigate = useNavigate();
  const { data: config } = useAppConfig();
  const [failure, setFailure] = useState('');
  const form = useForm({ email: '', password: '' }, { onFailure: (error) => setFailure(loginFailure(error)) });

  const submit = form.handle(loginSchema, async (credentials) => {
    await login(credentials);
    navigate('/', { replace: true });
  });

  const demo = config?.demo?.accounts ?? [];
  return (
    <Page title={`${PRODUCT} Login`} size="narrow" lead={<p className="login-lead">Sign in to mark and view attendance.</p>}>
      <form
        className="card login-form"
        onSubmit={(event) => {
          setFailure('');
          void submit(event);
        }}
        noValidate
      >
        <Field label="Email" {...EMAIL_INPUT} autoComplete="username" required {...form.field('email')} />
        <Field label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button login-submit" disabled={form.busy} aria-busy={form.busy}>
          Login
        </button>
      </form>
      {demo.length > 0 && (
        <section className="card demo-hint" aria-labelledby="demo-title">
          <h2 id="demo-title">Demo accounts</h2>
          <ul>
            {demo.map((account) => (
              <li key={account.email}>
                <span className="demo-role">{account.role}</span>
                <span className="demo-credentials">
                  <span>{account.email}</span>
                  <span>{account.password}</span>
                </span>
                <button
                  type="button"
                  className="button button-secondary demo-use"
                  onClick={() => {
                    form.setValues({ email: account.email, password: account.password });
                    form.setErrors({});
                    setFailure('');
                  }}
                  aria-label={`Use the ${account.role} demo account`}
                >
                  Use
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Page>
  );
}
