import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { finishOidcSignIn } from '../api/auth';

const toLogin = (
  <Link to="/login" className="button">
    Go to Login
  </Link>
);
const PARTS = ['code', 'state', 'iss', 'error'] as const;

/**
 * Where Google, Microsoft or the local provider send the browser back (docs/product.md §4): their answer goes
 * to the server, which signs this browser in when it is the one that started; the code leaves the address bar first.
 */
export function OidcCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [query] = useState(() => {
    const search = new URLSearchParams(location.search);
    return Object.fromEntries(PARTS.flatMap((part) => (search.has(part) ? [[part, search.get(part)!]] : [])));
  });
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', location.pathname);
    finishOidcSignIn(query).then(
      () => navigate('/', { replace: true }),
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [query, location.pathname, navigate]);

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
