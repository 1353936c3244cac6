import { gunzipSync } from 'node:zlib';
import { PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { DEMO_ACCOUNTS } from '../demo-accounts';

/**
 * What a new password must not be (OWASP ASVS 5.0 V6.2): the demo passwords the login page shows,
 * one of the common passwords (or one with digits or symbols added or put for letters), only the
 * product's and the college's own words, mostly repeated or sequential characters, or built on
 * the user's own name or email. Length is the schema's (8 to 1024 characters); no rules on
 * character classes (V6.2.5). The list loads on the first password set, never at cold start.
 */
let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('./common-passwords').then(({ COMMON_PASSWORDS_GZIP_BASE64 }) => new Set(unpacked(COMMON_PASSWORDS_GZIP_BASE64))));

/** The list's lines, from its gzipped base64 (common-passwords.ts). */
export const unpacked = (packed: string): string[] =>
  gunzipSync(Buffer.from(packed, 'base64')).toString('utf8').split('\n').filter(Boolean);

/** Words anyone guessing a SAMS password tries first; a password made only of these (and digits or symbols) is refused. */
const PRODUCT_WORDS = [
  'sams',
  'attendance',
  'attend',
  'present',
  'absent',
  'student',
  'students',
  'faculty',
  'admin',
  'administrator',
  'college',
  'teacher',
  'professor',
  'lecture',
  'semester',
];

/** Digits and symbols read as letters (leetspeak); 1 is tried as i and as l. */
const AS_LETTER: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
};

/**
 * The letters a password may be built on: digits and symbols read as letters or dropped, with
 * those at either end first kept or dropped. 'Password123!' → password, '$unsh1ne-26' → sunshine.
 */
function bases(lower: string): string[] {
  const head = lower.replace(/^[^\p{L}]+/u, '');
  const tail = lower.replace(/[^\p{L}]+$/u, '');
  const read = (text: string, one: string) =>
    [...text]
      .map((char) => (char === '1' ? one : (AS_LETTER[char] ?? char)))
      .join('')
      .replace(/[^\p{L}]/gu, '');
  return [...new Set([lower, head, tail, head.replace(/[^\p{L}]+$/u, '')].flatMap((text) => [read(text, 'i'), read(text, 'l')]))].filter(
    Boolean,
  );
}

/** Made only of the product's words, one or more: 'samssams', 'studentadmin'. */
function onlyProductWords(base: string): boolean {
  const ends = new Set([0]);
  for (let at = 0; at < base.length; at++)
    if (ends.has(at)) for (const word of PRODUCT_WORDS) if (base.startsWith(word, at)) ends.add(at + word.length);
  return ends.has(base.length);
}

const RUN = 3;
const LEFT_OUTSIDE_RUNS = 4;

/** How many characters are left once runs of 3 or more repeated ('aaa') or consecutive ('abc', '4321') characters are taken out. */
function outsideRuns(lower: string): number {
  const chars = [...lower];
  const code = (at: number) => chars[at]!.codePointAt(0)!;
  const sequential = (at: number) => /[\p{L}\p{N}]/u.test(chars[at]!) && /[\p{L}\p{N}]/u.test(chars[at + 1]!);
  let left = 0;
  for (let at = 0; at < chars.length;) {
    const step = at + 1 < chars.length ? code(at + 1) - code(at) : NaN;
    let end = at + 1;
    if (step === 0 || (Math.abs(step) === 1 && sequential(at)))
      while (end < chars.length && code(end) - code(end - 1) === step && (step === 0 || sequential(end - 1))) end++;
    if (end - at >= RUN) at = end;
    else {
      left++;
      at++;
    }
  }
  return left;
}

/** One shorter part said again and again: '12121212', 'monsoonmonsoon'. */
const isRepeated = (text: string) => /^(.+)\1+$/su.test(text);

/** Parts of a name or email long enough to matter: name "Asha Rao", email "asha.r@…" → asha (rao and r are too short to matter). */
const personalWords = (user: { email: string; username: string }): string[] =>
  `${user.username} ${user.email.split('@')[0]}`
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4 && /\p{L}/u.test(word));

/** The reason this password is refused, or null when it may be used. */
export async function passwordProblem(password: string, user: { email: string; username: string }): Promise<string | null> {
  const lower = password.normalize('NFKC').toLowerCase();
  if (DEMO_ACCOUNTS.some((account) => account.password.toLowerCase() === lower)) return PASSWORD_MESSAGES.demo;
  const list = await commonPasswords();
  if (list.has(lower)) return PASSWORD_MESSAGES.common;
  const built = bases(lower);
  if (built.some((base) => list.has(base))) return PASSWORD_MESSAGES.commonVariant;
  if (built.some(onlyProductWords)) return PASSWORD_MESSAGES.product;
  if (isRepeated(lower) || outsideRuns(lower) < LEFT_OUTSIDE_RUNS) return PASSWORD_MESSAGES.pattern;
  if (lower.includes(user.email.toLowerCase()) || personalWords(user).some((word) => lower.includes(word)))
    return PASSWORD_MESSAGES.personal;
  return null;
}
