import type { PublicUser } from '@shared/schemas/auth';
import type { OutgoingEmail } from '../alerts/mailer';
import { accountEmail } from './account-email';

/** The email that carries a set-password link: a new user's welcome, or a link an admin sent later. */
export interface SetPasswordEmail {
  user: PublicUser;
  purpose: 'welcome' | 'reset';
  url: string;
  hours: number;
  collegeName: string;
}

function contentOf({ user, purpose, hours, collegeName }: SetPasswordEmail) {
  const welcome = purpose === 'welcome';
  return {
    subject: welcome ? 'your SAMS account: set your password' : 'set a new SAMS password',
    paragraphs: [
      welcome
        ? `An admin of ${collegeName} created a SAMS account for you (${user.email}, ${user.role}). Choose your own password to sign in.`
        : `An admin of ${collegeName} sent you this link to choose a new SAMS password for ${user.email}. Your current password keeps working until you do.`,
      `The link works once, within ${hours} hours. If it has expired, ask your admin to send a new one.`,
    ],
    label: welcome ? 'Set your password' : 'Set a new password',
    why: welcome
      ? 'You get this email because an admin added you to SAMS. If you did not expect it, you can ignore it.'
      : 'You get this email because an admin sent you a link to set your password. If you did not expect it, you can ignore it.',
  };
}

export function setPasswordEmail(email: SetPasswordEmail): OutgoingEmail {
  const { user, url, collegeName } = email;
  const { subject, paragraphs, label, why } = contentOf(email);
  return accountEmail({ to: user.email, name: user.username, collegeName, subject, paragraphs, action: { label, url }, why });
}
