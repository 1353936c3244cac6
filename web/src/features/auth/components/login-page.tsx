import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PRODUCT } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { PASSWORD_MESSAGES } from '@shared/auth-words';
import { EMAIL_INPUT, Field } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { login, startOidcSignIn, useAppConfig, useOidcProviders } from '../api/auth';
import { preloadSignInChecks, signInCheck } from '../sign-in-checks';
import { SignInLinkForm } from './sign-in-link-form';
import './login-page.css';

/**
 * docs/product.md §8: any login failure reads 'Wrong email or password'; a locked account, a spent
 * one-time password or an unreachable server says so instead.
 */
const loginFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 429 || error.status === 0 || error.message === PASSWORD_MESSAGES.oneTimeSpent)
    ? error.message
    : MESSAGES.wrongLogin;

/**
 * The login screen (docs/product.md §2.3): email, password, Login; or a sign-in link by email (students and
 * guardians have no password: an invitation opens this page with ?email=); the demo hint on the local stack.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const invited = search.get('email') ?? '';
  const [byLink, setByLink] = useState(invited !== '');
  const [linkEmail, setLinkEmail] = useState(invited);
  const { data: config } = useAppConfig();
  const providers = useOidcProviders().data ?? [];
  const [failure, setFailure] = useState('');
  const form = useForm({ email: '', password: '' }, { onFailure: (error) => setFailure(loginFailure(error)) });

  const submit = form.handle(
    () => signInCheck('login'),
    async (credentials) => {
      await login(credentials);
      navigate('/', { replace: true });
    },
  );

  const demo = config?.demo?.accounts ?? [];
  const demoByLink = config?.demo?.linkAccounts ?? [];
  return (
    <Page title={`${PRODUCT} Login`} size="narrow" lead={<p className="login-lead">Sign in to mark and view attendance.</p>}>
      {byLink ? (
        <SignInLinkForm key={linkEmail} email={linkEmail || form.values.email} onSignedIn={() => navigate('/', { replace: true })} />
      ) : (
        <form
          className="card login-form"
          onFocus={preloadSignInChecks}
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
      )}
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className="button button-secondary login-switch"
          onClick={() => void startOidcSignIn(provider.id).catch((error: unknown) => setFailure(errorMessage(error)))}
        >
          {`Sign in with ${provider.name}`}
        </button>
      ))}
      <button type="button" className="button button-secondary login-switch" onClick={() => setByLink(!byLink)}>
        {byLink ? 'Sign in with a password instead' : 'No password? Email me a sign-in link'}
      </button>
      <p className="login-privacy">
        <Link to="/privacy">Privacy notice: what SAMS keeps about you, and whom to ask</Link>
      </p>
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
            {demoByLink.map((account) => (
              <li key={account.email}>
                <span className="demo-role">{account.role}</span>
                <span className="demo-credentials">
                  <span>{account.email}</span>
                  <span>sign-in link (local mail inbox)</span>
                </span>
                <button
                  type="button"
                  className="button button-secondary demo-use"
                  onClick={() => {
                    setLinkEmail(account.email);
                    setByLink(true);
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
