/**
 * Writes shared/text/confusables.ts, the character map of the look-alike keys (docs/data-model.md
 * "Look-alike claims"), from Unicode's confusables data (UTS #39, the prototype mapping of
 * https://www.unicode.org/Public/security/latest/confusables.txt):
 *
 *   npx tsx infra/generate-confusables.ts <confusables.txt | confusables.json> && npx prettier --write shared/text/confusables.ts
 *
 * Either source works. confusables.txt is Unicode's file. confusables.json is the same data in the
 * form Debian ships it (`apt-get download python3-confusable-homoglyphs`, then `dpkg-deb -x` the
 * .deb: usr/lib/python3/dist-packages/confusable_homoglyphs/confusables.json), which lists every
 * pair both ways: the prototype is told apart as the side other characters map to too, or the side
 * of several characters; for a pair that is each other's only look-alike the lower code point is
 * taken, which renames that pair's key but never changes which texts share one.
 *
 * Kept: what can still be in a text after NFKD (the keys' first step, so compatibility forms such
 * as fullwidth and mathematical letters are already folded), and only pairs with a side in a script
 * a college meets (Latin, Greek, Cyrillic, the Indian scripts, digits and symbols).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COLLEGE_SCRIPTS =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}]+$/u;

const codePoints = (text: string) => [...text].length;
const hex = (text: string) => [...text].map((char) => char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'));

/** source → prototype, from confusables.txt's lines `source ; prototype ; MA # comment`. */
function fromText(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([0-9A-F]+)\s*;\s*([0-9A-F ]+?)\s*;/.exec(line);
    if (!match) continue;
    const decode = (codes: string) =>
      String.fromCodePoint(
        ...codes
          .trim()
          .split(/\s+/)
          .map((code) => parseInt(code, 16)),
      );
    map.set(decode(match[1]!), decode(match[2]!));
  }
  return map;
}

/** source → prototype, from the symmetric pairs of Debian's confusables.json (`{char: [{c: lookalike}]}`). */
function fromSymmetricJson(json: Record<string, { c: string }[]>): Map<string, string> {
  // Right-to-left characters are wrapped in U+200E marks for display there.
  const clean = (text: string) => text.replace(/\u200e/g, '');
  const neighbours = new Map<string, Set<string>>();
  const link = (a: string, b: string) => neighbours.set(a, (neighbours.get(a) ?? new Set()).add(b));
  for (const [char, lookalikes] of Object.entries(json))
    for (const { c } of lookalikes) {
      link(clean(char), clean(c));
      link(clean(c), clean(char));
    }
  const map = new Map<string, string>();
  const degree = (node: string) => neighbours.get(node)!.size;
  for (const [a, others] of neighbours)
    for (const b of others) {
      // A source is one code point with one prototype; a prototype may be several code points, or have several sources.
      const aIsSource =
        codePoints(a) === 1 && (codePoints(b) > 1 || (degree(a) === 1 && (degree(b) > 1 || a.codePointAt(0)! > b.codePointAt(0)!)));
      if (aIsSource) map.set(a, b);
    }
  return map;
}

/** Each prototype written with the prototypes of its own characters, so that one pass over a text is enough. */
function resolved(map: Map<string, string>): Map<string, string> {
  const resolve = (text: string, depth = 0): string =>
    depth > 8 ? text : [...text].map((char) => (map.has(char) ? resolve(map.get(char)!, depth + 1) : char)).join('');
  return new Map([...map].map(([source, prototype]) => [source, resolve(prototype)]));
}

export function collegeConfusables(source: string, contents: string): [string, string][] {
  const map = resolved(source.endsWith('.json') ? fromSymmetricJson(JSON.parse(contents)) : fromText(contents));
  return [...map]
    .filter(([from, to]) => from.normalize('NFKD') === from && from !== to)
    .filter(([from, to]) => COLLEGE_SCRIPTS.test(from) || COLLEGE_SCRIPTS.test(to))
    .sort(([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!);
}

/** `source:prototype` in hexadecimal code points (a prototype of several joined by '.'), lines of about 100 characters. */
function encoded(pairs: [string, string][]): string[] {
  const entries = pairs.map(([from, to]) => `${hex(from).join('')}:${hex(to).join('.')}`);
  const lines: string[] = [];
  for (const entry of entries) {
    if (lines.length && lines[lines.length - 1]!.length + entry.length < 100) lines[lines.length - 1] += ` ${entry}`;
    else lines.push(entry);
  }
  return lines;
}

function main(source: string | undefined) {
  if (!source) throw new Error('Usage: npx tsx infra/generate-confusables.ts <confusables.txt | confusables.json>');
  const pairs = collegeConfusables(source, readFileSync(source, 'utf8'));
  const file = [
    '// Generated by infra/generate-confusables.ts from Unicode confusables data (UTS #39): do not edit.',
    '// Each character a college meets and the prototype it is a look-alike of, as `source:prototype` in',
    "// hexadecimal code points (a prototype of several joined by '.'); read by shared/text/lookalike.ts.",
    'export const CONFUSABLE_LINES: readonly string[] = [',
    ...encoded(pairs).map((line) => `  '${line}',`),
    '];',
    '',
  ].join('\n');
  writeFileSync(fileURLToPath(new URL('../shared/text/confusables.ts', import.meta.url)), file);
  console.log(`${pairs.length} look-alike characters written to shared/text/confusables.ts`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv[2]);
