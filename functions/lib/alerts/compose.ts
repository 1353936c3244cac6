import type { OutgoingEmail } from './mailer';

/**
 * What an alert says (docs/product.md §10). Every email has a plain-text part and an HTML part
 * saying the same, names the college, and ends with why it was sent and who can turn it off.
 */
export interface AlertContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  table?: { head: string[]; rows: string[][] };
  link?: { label: string; url: string };
  /** One sentence: why this person gets this email. */
  why: string;
  /** A message about the person's own request (a leave application), not an alert an admin can turn off. */
  always?: true;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const OFF_SWITCH = "Your college's SAMS admins can turn this alert off on the Settings screen.";
const footnote = (content: AlertContent) => (content.always ? content.why : `${content.why} ${OFF_SWITCH}`);

function textOf(content: AlertContent, collegeName: string): string {
  const table = content.table
    ? [content.table.head.join(' | '), ...content.table.rows.map((row) => row.join(' | '))].map((line) => `  ${line}`)
    : [];
  return [
    collegeName,
    '',
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(table.length ? [...table, ''] : []),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`, ''] : []),
    '--',
    footnote(content),
    `${collegeName} · SAMS attendance`,
  ].join('\n');
}

function htmlOf(content: AlertContent, collegeName: string): string {
  const cell = (tag: 'th' | 'td') => (text: string) =>
    `<${tag} style="text-align:left;padding:4px 8px;border-bottom:1px solid #ddd">${escapeHtml(text)}</${tag}>`;
  const table = content.table
    ? `<table style="border-collapse:collapse"><thead><tr>${content.table.head.map(cell('th')).join('')}</tr></thead><tbody>${content.table.rows
        .map((row) => `<tr>${row.map(cell('td')).join('')}</tr>`)
        .join('')}</tbody></table>`
    : '';
  return [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p style="font-weight:bold">${escapeHtml(collegeName)}</p>`,
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    table,
    content.link ? `<p><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.label)}</a></p>` : '',
    `<hr><p style="color:#555;font-size:0.9em">${escapeHtml(footnote(content))}<br>${escapeHtml(collegeName)} · SAMS attendance</p>`,
    '</body></html>',
  ].join('');
}

/** The email of an alert to one address, from the college. */
export const composeEmail = (to: string, collegeName: string, content: AlertContent): OutgoingEmail => ({
  to,
  fromName: `${collegeName} (SAMS)`,
  subject: `${collegeName}: ${content.subject}`,
  text: textOf(content, collegeName),
  html: htmlOf(content, collegeName),
});

/** A percentage as emails print it: one decimal at most. */
export const percent = (value: number | null): string => (value === null ? '–' : `${Math.round(value * 10) / 10}%`);

/** Where the web app is (SITE_URL: the CloudFront address deployed, the local server's with `npm start`). */
export const siteUrl = (path: string): string => `${(process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '')}${path}`;
