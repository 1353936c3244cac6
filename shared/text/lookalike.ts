import { CONFUSABLE_LINES } from './confusables';
import { normalizeText } from './normalize';

/**
 * Look-alike keys (Unicode UTS #39 confusable detection): two texts that people cannot tell apart,
 * such as '25CE001' and '25СЕ001' with Cyrillic letters, share a key. Uniqueness claims are made on
 * these keys (docs/data-model.md "Look-alike claims"), server side only.
 */

let confusables: Map<string, string> | null = null;
const fromHex = (codes: string) => String.fromCodePoint(...codes.split('.').map((code) => parseInt(code, 16)));
/** The prototype of each confusable character (shared/text/confusables.ts), read on first use. */
function prototypes(): Map<string, string> {
  confusables ??= new Map(
    CONFUSABLE_LINES.flatMap((line) => line.split(' ')).map((entry) => {
      const [from, to] = entry.split(':') as [string, string];
      return [fromHex(from), fromHex(to)];
    }),
  );
  return confusables;
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The UTS #39 skeleton: decomposed, default-ignorable code points removed, each character replaced
 * by its prototype, decomposed again. Decomposed with NFKD, not NFD: texts are stored NFKC, and an
 * item an older release stored un-normalised still gets the key its NFKC form would.
 */
export function skeleton(text: string): string {
  const characters = [...text.normalize('NFKD').replace(IGNORABLE, '')];
  const table = prototypes();
  return characters
    .map((character) => table.get(character) ?? character)
    .join('')
    .normalize('NFD');
}

/**
 * The keys a case-insensitive text (a name within its parent, an enrollment, an email) is claimed
 * under: the skeletons of the text as written, upper-cased and lower-cased (fewer when they agree).
 * All three, because look-alikes differ by case: Cyrillic 'В' looks like 'B' but 'в' not like 'b';
 * 'rn' looks like 'm' but 'RN' not like 'M'; and 'LG00l' like 'LGOO1' only as written. Two texts
 * are look-alikes when they share a key.
 */
export function lookalikeKeys(text: string): string[] {
  const normal = normalizeText(text);
  return [...new Set([normal, normal.toUpperCase(), normal.toLowerCase()].map(skeleton))];
}

/** Whether two texts share a look-alike key. */
export const areLookalikes = (a: string, b: string): boolean => {
  const keys = new Set(lookalikeKeys(a));
  return lookalikeKeys(b).some((key) => keys.has(key));
};
