import { useState } from 'react';
import { EMAIL_INPUT, Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { ApiError } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { askSignInLink, signInWithLink } from '../api/auth';
import { preloadSignInChecks, signInCheck } from '../sign-in-checks';

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong; try again.');

/**
 * Sign-in without a password (docs/product.md §4): SAMS emails a link that works in this browser only, with a
 * code beside it, to type here when the email is read elsewhere (a phone's mail app opens links in a browser of its own).
 */
export function SignInLinkForm({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const [asked, setAsked] = useState<{ request: string; message: string; email: string } | null>(null);
  const [failure, setFailure] = useState('');
  const emailForm = useForm({ email }, { onFailure: (error) => setFailure(failureText(error)) });
  const codeForm = useForm({ code: '' }, { onFailure: (error) => setFailure(failureText(error)) });

  const ask = emailForm.handle(
    () => signInCheck('linkRequest'),
    async (input) => {
      setFailure('');
      setAsked({ ...(await askSignInLink(input.email)), email: input.email });
    },
  );
  const type = codeForm.handle(
    () => signInCheck('code'),
    async ({ code }) => {
      setFailure('');
      await signInWithLink({ request: asked!.request, code });
      onSignedIn();
    },
  );
  const error = failure && (
    <p className="form-error" role="alert">
      {failure}
    </p>
  );

  if (!asked) {
    return (
      <form className="card login-form" aria-label="Email me a sign-in link" onFocus={preloadSignInChecks} onSubmit={ask} noValidate>
        <Field label="Email" {...EMAIL_INPUT} autoComplete="username" required {...emailForm.field('email')} />
        {error}
        <button type="submit" className="button login-submit" disabled={emailForm.busy} aria-busy={emailForm.busy}>
          Email me a sign-in link
        </button>
      </form>
    );
  }
  return (
    <form className="card login-form" aria-label="Sign in with the emailed code" onFocus={preloadSignInChecks} onSubmit={type} noValidate>
      <Notice kind="info">{asked.message}</Notice>
      <p className="login-lead">Sent to {asked.email}.</p>
      <Field label="Code from the email" autoComplete="one-time-code" autoCapitalize="characters" required {...codeForm.field('code')} />
      {error}
      <button type="submit" className="button login-submit" disabled={codeForm.busy} aria-busy={codeForm.busy}>
        Sign in with the code
      </button>
      <button type="button" className="button button-secondary" onClick={() => setAsked(null)}>
        Use another address or ask again
      </button>
    </form>
  );
}
