import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SIGN_IN_LINK_MESSAGES } from '@shared/schemas/sign-in-link';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { signInWithLink } from '../api/auth';
import './login-page.css';

const toLogin = (
  <Link to="/login" className="button">
    Go to Login
  </Link>
);

/**
 * The page an emailed sign-in link opens (docs/product.md §4): it signs in at once when this is the browser
 * that asked for the link; elsewhere it says where the link works. The link's token leaves the address bar first.
 */
export function SignInLinkPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => {
    const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
    return { request: fragment.get('request') ?? '', token: fragment.get('token') ?? '' };
  });
  const [failure, setFailure] = useState<string | null>(link.request && link.token ? null : SIGN_IN_LINK_MESSAGES.invalid);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || failure) return;
    started.current = true;
    const { request, token } = link;
    window.history.replaceState(window.history.state, '', location.pathname);
    signInWithLink({ request, token }).then(
      () => navigate('/', { replace: true }),
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [link, failure, location.pathname, navigate]);

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
