import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SIGN_IN_LINK_MESSAGES } from '@shared/auth-words';
import { signInWithLink } from '../api/auth';
import { SigningIn } from './signing-in';

/**
 * The page an emailed sign-in link opens (docs/product.md §4): it signs in at once when this is the browser
 * that asked for the link; elsewhere it says where the link works.
 */
export function SignInLinkPage() {
  const { hash } = useLocation();
  const [signIn] = useState(() => {
    const fragment = new URLSearchParams(hash.replace(/^#/, ''));
    const [request, token] = [fragment.get('request') ?? '', fragment.get('token') ?? ''];
    return request && token ? () => signInWithLink({ request, token }) : null;
  });
  return <SigningIn signIn={signIn ?? (() => Promise.resolve())} refused={signIn ? null : SIGN_IN_LINK_MESSAGES.invalid} />;
}
