import { describe, expect, it } from 'vitest';
import { areLookalikes, lookalikeKeys, skeleton } from '@shared/text/lookalike';
import { hasInvisibleCharacters, normalizeText } from '@shared/text/normalize';
import { collegeConfusables } from '@infra/generate-confusables';

/** The look-alike text module and the generator of its confusables table. */
describe('look-alike keys', () => {
  it.each([
    ['25CE001', '25СЕ001'],
    ['25CE001', '25ce0Ο1'],
    ['25CE001', '２５ＣＥ００１'],
    ['25CE001', '25CE001\u200b'],
    ['Batch', 'ВАТСН'],
    ['modern', 'rnodern'],
    ['LG00l', 'LGOO1'],
    ['teacher@college.test', 'teаcher@college.test'],
  ])('%s and %s look alike', (a, b) => expect(areLookalikes(a, b)).toBe(true));

  it.each([
    ['Div A', 'Div B'],
    ['Müller', 'Muller'],
    ['नेहा', 'नीहा'],
    ['ivan@college.test', 'lvan@college.test'],
  ])('%s and %s do not', (a, b) => expect(areLookalikes(a, b)).toBe(false));

  it('are the UTS #39 skeletons of the text as written, upper- and lower-cased', () => {
    expect(skeleton('25СЕ001')).toBe('25CEOOl');
    expect(lookalikeKeys('25CE001')).toEqual(['25CEOOl', '25ceOOl']);
    expect(lookalikeKeys('2501')).toEqual(['25Ol']);
  });
});

describe('normalised text', () => {
  it('is NFKC, trimmed, with one space between words', () => {
    expect(normalizeText('  Ｎｅｈａ \t\n  Kapoor\u00a0 ')).toBe('Neha Kapoor');
  });

  it.each([
    ['NUL', 'a\u0000'],
    ['escape', 'a\u001b'],
    ['zero-width space', 'a\u200bb'],
    ['right-to-left override', 'a\u202eb'],
    ['left-to-right isolate', 'a\u2066b'],
    ['soft hyphen', 'a\u00adb'],
    ['unpaired surrogate', 'a\udc00'],
    ['private use', 'a\ue000'],
    ['joiner outside Indian conjuncts', 'a\u200db'],
  ])('finds a %s invisible', (_what, text) => expect(hasInvisibleCharacters(normalizeText(text))).toBe(true));

  it('keeps joiners after a virama and ordinary text in Indian scripts', () => {
    for (const text of ['क्\u200dष', 'र्\u200dया', 'ന്\u200d', 'নেহা', 'ਨੇਹਾ', 'Neha Kapoor', "D'Souza-Rao"])
      expect(hasInvisibleCharacters(normalizeText(text))).toBe(false);
  });
});

describe('infra/generate-confusables.ts', () => {
  const TEXT = [
    '0030 ;\t004F ;\tMA\t# ( 0 → O ) DIGIT ZERO → LATIN CAPITAL LETTER O',
    '041E ;\t004F ;\tMA\t# ( О → O ) CYRILLIC CAPITAL LETTER O → LATIN CAPITAL LETTER O',
    '006D ;\t0072 006E ;\tMA\t# ( m → rn ) LATIN SMALL LETTER M → LATIN SMALL LETTER R, LATIN SMALL LETTER N',
    '13A0 ;\t0044 ;\tMA\t# ( Ꭰ → D ) CHEROKEE LETTER A → LATIN CAPITAL LETTER D',
    '0D20 ;\t0D20 ;\tMA\t# a line whose source is its own prototype',
    '05F0 ;\t05D5 05D5 ;\tMA\t# a pair in a script no college form meets',
  ].join('\n');
  const JSON_FORM = JSON.stringify({
    '0': [{ c: 'O' }],
    O: [{ c: '0' }, { c: 'О' }],
    О: [{ c: 'O' }],
    m: [{ c: 'rn' }],
    rn: [{ c: 'm' }],
    Ꭰ: [{ c: 'D' }],
    D: [{ c: 'Ꭰ' }],
  });

  it('reads confusables.txt: each source and its prototype, for the scripts a college meets', () => {
    expect(collegeConfusables('confusables.txt', TEXT)).toEqual([
      ['0', 'O'],
      ['m', 'rn'],
      ['О', 'O'],
      ['Ꭰ', 'D'],
    ]);
  });

  it('reads Debian’s symmetric confusables.json to the same pairs', () => {
    expect(collegeConfusables('confusables.json', JSON_FORM)).toEqual(collegeConfusables('confusables.txt', TEXT));
  });
});
