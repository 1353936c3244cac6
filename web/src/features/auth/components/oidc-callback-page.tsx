import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { finishOidcSignIn } from '../api/auth';
import { SigningIn } from './signing-in';

const PARTS = ['code', 'state', 'iss', 'error'] as const;

/**
 * Where Google, Microsoft or the local provider send the browser back (docs/product.md §4): their answer goes
 * to the server, which signs this browser in when it is the one that started.
 */
export function OidcCallbackPage() {
  const { search } = useLocation();
  const [signIn] = useState(() => {
    const query = new URLSearchParams(search);
    const answer = Object.fromEntries(PARTS.flatMap((part) => (query.has(part) ? [[part, query.get(part)!]] : [])));
    return () => finishOidcSignIn(answer);
  });
  return <SigningIn signIn={signIn} />;
}
