/**
 * Text people type (names, enrollments, emails, usernames), as it is stored: Unicode NFKC (so a
 * fullwidth '２５ＣＥ００１' is '25CE001'), trimmed, and every run of white space one space. What
 * no one can see is refused rather than kept: control and format characters (NUL, escape,
 * zero-width spaces, bidi overrides), other default-ignorable code points (Hangul fillers,
 * variation selectors), private-use characters and unpaired surrogates.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '')
    .replace(/\p{White_Space}+/gu, ' ');
}

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}]/u;

// A zero-width (non-)joiner right after a virama is how Indian scripts choose a half form or an
// explicit virama (the context IDNA allows them in, RFC 5892 appendix A.1/A.2): kept, in names only there.
const JOINER_AFTER_VIRAMA = /(?<=[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA])[\u200C\u200D]/gu;

/** Whether the text holds a character that is invisible or a control character (see above). */
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text.replace(JOINER_AFTER_VIRAMA, ''));

export const TEXT_MESSAGES = {
  invisible: (field: string) => `${field} contains invisible or control characters`,
  mixedScripts: (field: string) =>
    `${field} mixes letters of different alphabets in one word (such as a Cyrillic е among Latin letters); write each word in one alphabet`,
  lookalikeName: (label: string, name: string, where: string) =>
    `${label} "${name}" looks like the name of another ${label.toLowerCase()}${where}; choose a name that reads differently`,
  lookalikeEnrollment: 'A student with a look-alike enrollment number already exists',
  lookalikeEmail: 'A user with a look-alike email address already exists',
} as const;
