import type { PublicUser } from '@shared/schemas/auth';
import type { OutgoingEmail } from '../alerts/mailer';

/**
 * The email that carries a set-password link: a new user's welcome, or a link an admin sent later.
 * Plain text and HTML saying the same, like the alerts (functions/lib/alerts/compose.ts), without
 * their 'turn this alert off' line: this one is not an alert.
 */
export interface SetPasswordEmail {
  user: PublicUser;
  purpose: 'welcome' | 'reset';
  url: string;
  hours: number;
  collegeName: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
  const content = contentOf(email);
  const greeting = `Hello ${user.username},`;
  const text = [
    collegeName,
    '',
    greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${content.label}: ${url}`,
    '',
    '--',
    content.why,
    `${collegeName} · SAMS attendance`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p style="font-weight:bold">${escapeHtml(collegeName)}</p>`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(content.label)}</a></p>`,
    `<hr><p style="color:#555;font-size:0.9em">${escapeHtml(content.why)}<br>${escapeHtml(collegeName)} · SAMS attendance</p>`,
    '</body></html>',
  ].join('');
  return { to: user.email, fromName: `${collegeName} (SAMS)`, subject: `${collegeName}: ${content.subject}`, text, html };
}
