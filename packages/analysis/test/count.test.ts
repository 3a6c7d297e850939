import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countWords, inlineTag as t, isNumbersOnly } from '../src/index.ts';

// [text, language, expected GMX-V words]
const cases: [string, string, number][] = [
  ['', 'en', 0],
  ['   ', 'en', 0],
  ['Hello', 'en', 1],
  ['Hello world', 'en', 2],
  ['Hello, world!', 'en', 2],
  ['  leading and trailing  ', 'en', 3],
  ['tab\tseparated\nlines', 'en', 3],
  ['state-of-the-art', 'en', 1],
  ['well-known e-mail', 'en', 2],
  ['non\u2011breaking hyphen', 'en', 2],
  ['dash – between words', 'en', 3],
  ['em—dash', 'en', 2],
  ["don't stop", 'en', 2],
  ['l\u2019homme', 'fr', 1],
  ["l'école d'été", 'fr', 2],
  ['e.g. this', 'en', 2],
  ['U.S.A.', 'en', 1],
  ['123', 'en', 1],
  ['1,234,567.89', 'en', 1],
  ['1.234,56 €', 'de', 1],
  ['-12.5%', 'en', 1],
  ['3.14 is pi', 'en', 3],
  ['12:30', 'en', 2],
  ['2024-01-31', 'en', 3],
  ['1/2 cup', 'en', 3],
  ['v2.0 release', 'en', 2],
  ['ISO 9001:2015', 'en', 3],
  ['https://example.com/path?q=1&r=2', 'en', 7],
  ['Visit https://example.com.', 'en', 3],
  ['(see http://a.b/c)', 'en', 4],
  ['www.example.org', 'en', 1],
  ['ftp://files.example.org/pub/', 'en', 3],
  ['Write to info@example.com today', 'en', 5],
  ['first.last+tag@sub.example.co.uk', 'en', 3],
  ['Hello {0}', 'en', 2],
  ['{0} of {1} files', 'en', 4],
  ['Dear {{name}},', 'en', 2],
  ['Dear {{ name }},', 'en', 2],
  ['%s items', 'en', 2],
  ['%1$s and %2$d', 'en', 5],
  ['%(count)d files', 'en', 3],
  ['${user} logged in', 'en', 3],
  ['%@ is ready', 'en', 2],
  // text that looks like markup is text: only a format's parser removes markup
  ['Type cp <source file> <target dir> and press <Enter> to copy.', 'en', 11],
  ['Use &lt; and &amp;', 'en', 4],
  ['<SDFIELD TYPE=PAGE> shows the page', 'en', 6],
  ['/usr/bin/env', 'en', 3],
  ['and/or', 'en', 2],
  ['TCP/IP stack', 'en', 3],
  ['~/.ssh/config file', 'en', 3],
  ['snake_case_name', 'en', 1],
  ['camelCaseName', 'en', 1],
  ['C++ and C#', 'en', 3],
  ['...', 'en', 0],
  ['— – - •', 'en', 0],
  ['¿Qué tal?', 'es', 2],
  ['Ça va très bien', 'fr', 4],
  ['Straße über Größe', 'de', 3],
  ['naïve café', 'fr', 2],
  ['Привет мир', 'ru', 2],
  ['Καλημέρα κόσμε', 'el', 2],
  ['שלום עולם', 'he', 2],
  ['مرحبا بالعالم', 'ar', 2],
  ['नमस्ते दुनिया', 'hi', 2],
  ['emoji 😀 here', 'en', 2],
  ['A', 'en', 1],
  ['a b c d e f g', 'en', 7],
];

const cjkCases: [string, string, number, number][] = [
  // [text, language, characters counted, expected words]
  ['我爱你', 'zh', 3, 3 / 2.8],
  ['中文字符测试', 'zh', 6, 6 / 2.8],
  ['こんにちは', 'ja', 5, 5 / 3.0],
  ['日本語', 'ja', 3, 3 / 3.0],
  ['カタカナー', 'ja', 5, 5 / 3.0],
  ['한국어', 'ko', 3, 3 / 3.3],
  ['안녕 세계', 'ko', 4, 4 / 3.3],
  ['ภาษาไทย', 'th', 7, 7 / 6.0],
  ['我爱 Linux 系统', 'zh', 4, 1 + 4 / 2.8],
  ['版本 2.0。', 'zh', 2, 1 + 2 / 2.8],
];

// GMX-V 2.0's own examples and the UAX #29 rules it builds on (WB5–WB13b), with its hyphen exception.
const gmxvCases: [string, string, number][] = [
  ['This sentence has a word count of 9 words.', 'en', 9],
  ['This sentence/text unit has a word count of 11 words.', 'en', 11],
  ['The black cat eats.', 'en', 4],
  ['Start Text end.', 'en', 3],
  [
    'In this example the in-line codes do not form\npart of the word or character counts but are counted separately.',
    'en',
    20,
  ],
  ['  Al Capone was an Italian-American.  ', 'en', 5],
  ['This-is-a-single-word', 'en', 1],
  ['I can’t find that in L’Observatore Romano.', 'en', 7],
  ["L'objectif est defini.", 'fr', 3],
  ['Elle a été la première Française d’une famille d’émigrés.', 'fr', 9],
  ["He can't eat that fast.", 'en', 5],
  ['Two  spaces   three   spaces', 'en', 4],
  ['Test\u00A0non-breaking\u2007spaces\u202Ftest.', 'en', 4],
  ['WB3: This\r\nis', 'en', 3],
  ["WB5: shouldn't break between lEtTeRs.", 'en', 5],
  ['WB6: a:a', 'en', 2],
  ["WB7: a'a", 'en', 2],
  ['WB8: 12345 - Don’t break across sequences of digits.', 'en', 8],
  ['WB9: This mixes numbers and letters: 123DB.', 'en', 7],
  ['WB9: This mixes numbers and letters: A1c.', 'en', 7],
  ['WB10: This mixes letters and numbers: DB123.', 'en', 7],
  ['3.2', 'en', 1],
  ['10,000.00', 'en', 1],
  ['WB12: Do not break within sequences, such as “3.2” or “3,456.789”.', 'en', 11],
  ['WB13a: a123__ extra extra.', 'en', 4],
  ['a3__aa some more.', 'en', 3],
  ['WB13b: __variableName is here.', 'en', 4],
  ['The quick ("brown") fox can\'t jump 32.3 feet, right?', 'en', 9],
  ['123 123.4 123,5', 'en', 3],
  ['( ) " \' { } [ ] / % $ @ # ? ! * _ -', 'en', 0],
  // what the old rules joined
  ['/usr/share/doc', 'en', 3],
  ['See I:226 for details.', 'en', 5],
  ['Type cp <source file> <target dir> and press <Enter> to copy.', 'en', 11],
];

describe('countWords (GMX-V)', () => {
  it.each(gmxvCases)('GMX-V: %j (%s) has %i words', (text, lang, expected) => {
    expect(countWords(text, lang).words).toBe(expected);
  });

  it.each(cases)('%j (%s) has %i words', (text, lang, expected) => {
    expect(countWords(text, lang).words).toBe(expected);
  });

  it.each(cjkCases)('%j (%s): %i characters, words by the GMX-V factor', (text, lang, chars, words) => {
    const r = countWords(text, lang);
    expect(r.logographicCharacters).toBe(chars);
    expect(r.words).toBeCloseTo(words, 10);
  });

  it('counts characters without whitespace and without markup', () => {
    expect(countWords('Hello world', 'en').characters).toBe(10);
    expect(countWords(`${t('g')}Hi${t('/g')} you`, 'en').characters).toBe(5);
    expect(countWords(`${t('g')}Hi${t('/g')} you`, 'en').words).toBe(2);
    expect(countWords('日本 語', 'ja').characters).toBe(3);
  });

  it('agrees with Intl.Segmenter word boundaries on plain letters and spaces', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zA-Zéü]{1,8}$/), { maxLength: 20 }),
        fc.constantFrom(' ', ', ', '. ', '; '),
        (words, sep) => {
          const text = words.join(sep);
          const intl = [...segmenter.segment(text)].filter((s) => s.isWordLike).length;
          expect(countWords(text, 'en').words).toBe(intl);
        },
      ),
    );
  });

  it('is linear on a long single line', () => {
    const text = 'word '.repeat(200_000);
    expect(countWords(text, 'en').words).toBe(200_000);
  });

  it('recognises numbers-only cells', () => {
    expect(isNumbersOnly('1,234.50')).toBe(true);
    expect(isNumbersOnly('  42 % ')).toBe(true);
    expect(isNumbersOnly('2024-01-01')).toBe(true);
    expect(isNumbersOnly('42 apples')).toBe(false);
  });
});
