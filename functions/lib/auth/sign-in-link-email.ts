import type { OutgoingEmail } from '../alerts/mailer';
import { accountEmail } from './account-email';

/** The email that carries a sign-in link and its code (functions/lib/auth/sign-in-link.ts). */
export function signInLinkEmail(email: {
  to: string;
  name: string;
  url: string;
  code: string;
  minutes: number;
  collegeName: string;
}): OutgoingEmail {
  const { to, name, url, code, minutes, collegeName } = email;
  return accountEmail({
    to,
    name,
    collegeName,
    subject: `your SAMS sign-in link (code ${code})`,
    paragraphs: [
      `Someone, probably you, asked to sign in to SAMS as ${to}. Open this link in the same browser that asked, within ${minutes} minutes. It works once.`,
    ],
    action: { label: 'Sign in to SAMS', url },
    highlight: `Or type this code on the page that asked: ${code}`,
    why: 'You get this email because someone asked for a sign-in link for this address. If it was not you, ignore it: without the browser that asked, the link signs no one in.',
  });
}
