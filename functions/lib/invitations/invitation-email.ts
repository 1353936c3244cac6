import type { OutgoingEmail } from '../alerts/mailer';
import { accountEmail } from '../auth/account-email';

/**
 * The invitation to SAMS of a student or a guardian (docs/product.md §4). It carries no credential: it links to
 * the sign-in page with the address filled in, where they ask for a sign-in link, which works only in the browser
 * that asked, so a forwarded invitation signs no one in.
 */
export function invitationEmail(invitation: {
  to: string;
  name: string;
  kind: 'student' | 'guardian';
  /** A guardian's children's names, as the college has them. */
  children: string[];
  site: string;
  collegeName: string;
}): OutgoingEmail {
  const { to, name, kind, children, site, collegeName } = invitation;
  const whose = kind === 'student' ? 'your attendance' : `the attendance of ${children.join(' and ')}`;
  return accountEmail({
    to,
    name,
    collegeName,
    subject: 'you are invited to SAMS',
    paragraphs: [
      `${collegeName} invites you to SAMS, where you can see ${whose}, class by class.`,
      `There is no password to remember. On the sign-in page, ask for a sign-in link for ${to}: SAMS emails you one, which works once, in the browser that asked for it.`,
    ],
    action: { label: 'Go to the SAMS sign-in page', url: `${site}/login?email=${encodeURIComponent(to)}` },
    why:
      kind === 'student'
        ? `You get this email because ${collegeName} has this address on your student record.`
        : `You get this email because ${collegeName} has this address as a guardian's on the student record of ${children.join(' and ')}.`,
  });
}
