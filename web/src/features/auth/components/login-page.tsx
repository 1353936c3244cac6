import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRODUCT } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { loginSchema, type LoginInput } from '@shared/schemas/auth';
import { Page } from '@web/components/ui/page';
import { ApiError } from '@web/lib/api-client';
import { login, useAppConfig } from '../api/auth';
import './login-page.css';

type FieldErrors = Partial<Record<keyof LoginInput, string>>;

/** The login screen (docs/product.md §2.3): email, password, Login; the demo hint on the local stack. */
export function LoginPage() {
  const navigate = useNavigate();
  const { data: config } = useAppConfig();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const update = (field: keyof LoginInput) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure('');
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof LoginInput;
        next[field] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(next.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await login(parsed.data);
      navigate('/', { replace: true });
    } catch (error) {
      // docs/product.md §8: any login failure reads 'Wrong email or password'; a locked account or an
      // unreachable server says so instead.
      const said = error instanceof ApiError && (error.status === 429 || error.status === 0);
      setFailure(said ? error.message : MESSAGES.wrongLogin);
      setSubmitting(false);
    }
  }

  const demo = config?.demo?.accounts ?? [];
  return (
    <Page title={`${PRODUCT} Login`} size="narrow" lead={<p className="login-lead">Sign in to mark and view attendance.</p>}>
      <form className="card login-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={values.email}
            onChange={(event) => update('email')(event.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
          />
          {errors.email && (
            <p id="login-email-error" className="field-error">
              {errors.email}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(event) => update('password')(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
          />
          {errors.password && (
            <p id="login-password-error" className="field-error">
              {errors.password}
            </p>
          )}
        </div>
        {failure && (
          <p id="login-failure" className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button login-submit" disabled={submitting} aria-busy={submitting}>
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
                    setValues({ email: account.email, password: account.password });
                    setErrors({});
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
