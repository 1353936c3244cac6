/**
 * Mixed-script words (Unicode UTS #39 §5.2, "highly restrictive"): 'Dеmo' with a Cyrillic 'е'
 * reads as 'Demo'. Each word's letters must come from one script; Common and Inherited characters
 * (digits, punctuation, combining marks, the joiners Indian scripts use after a virama) go with any,
 * and Han may go with Hiragana and Katakana, with Bopomofo, or with Hangul, and Latin with each of those.
 */

// The scripts UAX #31 recommends for identifiers (Table 4): a letter of any other script counts as
// 'Other', so it may stand alone in a word but not beside a recommended script's letters.
const RECOMMENDED = [
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
] as const;

const SCRIPT_TESTS = RECOMMENDED.map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const);
const ANY_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** The sets of scripts one word may combine (UTS #39 highly restrictive). */
const ALLOWED_MIXES: ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(character: string): string | null {
  if (ANY_SCRIPT.test(character)) return null;
  return SCRIPT_TESTS.find(([, test]) => test.test(character))?.[0] ?? 'Other';
}

/** The scripts of a word's characters, Common and Inherited left out. */
function scriptsOf(word: string): Set<string> {
  const scripts = new Set<string>();
  for (const character of word) {
    const script = scriptOf(character);
    if (script) scripts.add(script);
  }
  return scripts;
}

/** Whether a word (text between white space) mixes scripts beyond what UTS #39 highly restrictive allows. */
export function hasMixedScriptWord(text: string): boolean {
  return text.split(/\p{White_Space}+/u).some((word) => {
    const scripts = scriptsOf(word);
    if (scripts.size <= 1) return false;
    return !ALLOWED_MIXES.some((allowed) => [...scripts].every((script) => allowed.has(script)));
  });
}
