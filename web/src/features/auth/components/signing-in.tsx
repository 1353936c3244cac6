import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import './login-page.css';

const toLogin = (
  <Link to="/login" className="button">
    Go to Login
  </Link>
);

/**
 * The page a sign-in comes back to (an emailed link, the college's provider): its secret leaves the address bar,
 * `signIn` runs once, and the browser goes Home; a refusal says why, with the way to Login.
 */
export function SigningIn({ signIn, refused = null }: { signIn: () => Promise<unknown>; refused?: string | null }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState(refused);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || refused) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', pathname);
    signIn().then(
      () => navigate('/', { replace: true }),
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [signIn, refused, pathname, navigate]);

  return (
    <Page title="Signing in" size="narrow">
      {failure ? (
        <Notice kind="error" action={toLogin}>
          {failure}
        </Notice>
      ) : (
        <Spinner label="Signing you in…" />
      )}
    </Page>
  );
}
