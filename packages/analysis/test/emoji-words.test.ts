import { describe, expect, it } from 'vitest';
import { countWords } from '../src/index.ts';
import { analyse } from './helpers.ts';

const VS15 = '\uFE0E'; // text presentation
const VS16 = '\uFE0F'; // emoji presentation
const ZWJ = '\u200D';
const KEYCAP = '\u20E3';

// [text, GMX-V words]: an emoji is no word, and what follows it inside its grapheme (variation
// selectors, skin tones, joiners, keycap marks) belongs to it (UAX #29 WB4), not to a word of its own.
const emojiCases: [string, number][] = [
  [`Index 🔎${VS15}`, 1],
  [`✔${VS16} Done`, 1],
  [`⚠${VS16} Warning: check`, 2],
  [`☺${VS15} Thanks for your order`, 4],
  [`❤${VS16}${VS16} Loved by 2 million users`, 5],
  [`👨${ZWJ}👩${ZWJ}👧${ZWJ}👦 Family plan`, 2],
  [`🏳${VS16}${ZWJ}🌈 Pride month sale`, 3],
  [`🧑🏽${ZWJ}💻 Developer tools`, 2],
  [`👍🏻 👍🏿 Great job, team!`, 3],
  [`👩🏻${ZWJ}🤝${ZWJ}👨🏿 Partners`, 1],
  ['🇪🇸 Spanish 🇬🇧 English 🇩🇪 German', 3],
  ['🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland', 1],
  [`#${VS16}${KEYCAP} Channels`, 1],
  [`*${VS16}${KEYCAP} Required fields`, 2],
  // a keycap digit is the digit (a number is a word), as Intl.Segmenter says too
  [`1${VS16}${KEYCAP} Open the box 2${VS16}${KEYCAP} Plug it in`, 8],
  ['Release notes 🚀🎉', 2],
  ['emoji 😀 here', 2],
];

// Marks and format characters continue the word they follow and start none.
const extendCases: [string, number][] = [
  ['co\u00ADoperate', 1], // soft hyphen
  ['e\u0301tude', 1], // combining acute
  ['\u0301orphan mark', 2],
  ['zero\u200Bwidth space', 3], // ZWSP breaks (it is no format character in UAX #29)
  ['Ta\u200Dble', 1],
];

describe('emoji and extending characters (UAX #29 WB4)', () => {
  it.each(emojiCases)('%j has %i words', (text, expected) => {
    expect(countWords(text, 'en').words).toBe(expected);
  });

  it.each(extendCases)('%j has %i words', (text, expected) => {
    expect(countWords(text, 'en').words).toBe(expected);
  });

  it('agrees with Intl.Segmenter (ICU, UAX #29) on every case', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
    for (const [text] of [...emojiCases, ...extendCases]) {
      const icu = [...segmenter.segment(text)].filter((s) => s.isWordLike).length;
      expect(countWords(text, 'en').words, text).toBe(icu);
    }
  });

  it('a web page with emoji in headings, buttons and lists counts only its words', async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Index 🔎${VS15}</title></head><body>
      <h1>⚠${VS16} Warning: check your settings</h1>
      <ul><li>✔${VS16} Done</li><li>👨${ZWJ}👩${ZWJ}👧 Family sharing</li><li>🇪🇸 Español</li>
      <li>1${VS16}${KEYCAP} Step one</li></ul>
      <button>👍🏽 Like</button></body></html>`;
    const r = await analyse({ 'index.html': html });
    // Index 1 + Warning check your settings 4 + Done 1 + Family sharing 2 + Español 1 + 1 Step one 3 + Like 1
    expect(r.totals.es?.total_words).toBe(13);
  });

  it('a PO file keeps counting as pocount does (an emoji token is a word there)', async () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '',
      `msgid "✔${VS16} Done"`,
      'msgstr ""',
      '',
      `msgid "Index 🔎${VS15}"`,
      'msgstr ""',
      '',
      `msgid "⚠${VS16} Warning: check"`,
      'msgstr ""',
      '',
    ].join('\n');
    // pocount (translate-toolkit 3.8) reports 7 source words for this file
    const r = await analyse({ 'ui.po': po });
    expect(r.totals.es?.total_words).toBe(7);
  });
});
