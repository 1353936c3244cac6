import type { OutgoingEmail } from '../alerts/mailer';

/**
 * An email about a person's own account (a set-password link, a sign-in link, an invitation): plain text and
 * HTML saying the same, like the alerts (functions/lib/alerts/compose.ts), without their 'turn this alert off'
 * line: these are not alerts.
 */
export interface AccountEmail {
  to: string;
  name: string;
  collegeName: string;
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** Said after the action, in bold in HTML: a code to type. */
  highlight?: string;
  why: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function accountEmail({ to, name, collegeName, subject, paragraphs, action, highlight, why }: AccountEmail): OutgoingEmail {
  const greeting = `Hello ${name},`;
  const text = [
    collegeName,
    '',
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${action.label}: ${action.url}`,
    '',
    ...(highlight ? [highlight, ''] : []),
    '--',
    why,
    `${collegeName} · SAMS attendance`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p style="font-weight:bold">${escapeHtml(collegeName)}</p>`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    ...(highlight ? [`<p style="font-weight:bold">${escapeHtml(highlight)}</p>`] : []),
    `<hr><p style="color:#555;font-size:0.9em">${escapeHtml(why)}<br>${escapeHtml(collegeName)} · SAMS attendance</p>`,
    '</body></html>',
  ].join('');
  return { to, fromName: `${collegeName} (SAMS)`, subject: `${collegeName}: ${subject}`, text, html };
}
