/**
 * GMX-V word and character counting.
 *
 * Words follow GMX-V 2.0: the Unicode word boundaries of UAX #29 with GMX-V's exception that a
 * hyphen between letters does not break a word. So letters, marks, digits and connectors (`_`)
 * join (WB5, WB8–WB10, WB13a/b); `'`, `’`, `.` and `:` join letters (WB6/7: `don't`, `U.S.A`,
 * `file.txt`); `,` `.` `;` `'` join digits (WB11/12: `1,234.50`); everything else breaks:
 * slashes (`and/or` = 2, `/usr/share/doc` = 3), `I:226` = 2, `12:30` = 2. Han, Kana, Hangul and
 * Thai have no reliable word boundaries, so GMX-V counts their characters and divides by a
 * per-language factor. Deliberate departures are in docs/decisions/0010-word-count-rules.md.
 *
 * The rules are a single compiled regular expression rather than `Intl.Segmenter('word')`:
 * the results agree on ordinary text (see the tests) and it is several times faster.
 */

/** GMX-V characters-per-word factors. */
export const gmxvFactors = { zh: 2.8, ja: 3.0, ko: 3.3, th: 6.0 } as const;

export interface WordCount {
  /** GMX-V words; fractional when the text contains Chinese, Japanese, Korean or Thai characters. */
  words: number;
  /** Characters that are not whitespace (nor inline codes), as OmegaT's "characters without spaces". */
  characters: number;
  /** Han, Kana, Hangul and Thai characters (already included in `words` through the factors). */
  logographicCharacters: number;
}

const LOGO = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\u30FC`;
// A word starts with a letter, digit or connector; marks, format characters and joiners (UAX #29
// Extend, Format, ZWJ) continue it but never start one (WB4: they belong to the character before,
// so the variation selector of `✔️` or the tone of `👍🏽` makes no word of an emoji).
const WORD_START = String.raw`[[\p{L}\p{N}\p{Pc}]--[${LOGO}]]`;
const EXTEND = String.raw`[[\p{M}\p{Cf}]--[\u200B]]`;
const WORD_CHAR = String.raw`(?:${WORD_START}|${EXTEND})`;
const LETTER = String.raw`[\p{L}--[${LOGO}]]`;
// UAX #29 MidLetter, MidNumLet and Single_Quote (join letters, WB6/7)
const MID_LETTER = String.raw`[:\u00B7\u0387\u055F\u05F4\u2027\uFE13\uFE55\uFF1A.\u2018\u2019\u2024\uFE52\uFF07\uFF0E']`;
// UAX #29 MidNum, MidNumLet and Single_Quote (join digits, WB11/12)
const MID_NUM = String.raw`[,;\u037E\u0589\u060C\u060D\u066C\u07F8\u2044\uFE10\uFE14\uFE50\uFE54\uFF0C\uFF1B.\u2018\u2019\u2024\uFE52\uFF07\uFF0E']`;
// GMX-V: hyphens between letters do not break ("Italian-American" is one word)
const HYPHEN = String.raw`[\-\u2010\u2011]`;
const JOIN = String.raw`(?:(?<=[\p{L}\p{M}])${MID_LETTER}(?=${LETTER})|(?<=\p{N})${MID_NUM}(?=\p{N})|(?<=[\p{L}\p{M}])${HYPHEN}(?=${LETTER}))`;

const TOKEN_SOURCES = [
  // a word: word characters joined by the UAX #29 and GMX-V joiners
  String.raw`(?:${WORD_START}${WORD_CHAR}*(?:${JOIN}${WORD_START}${WORD_CHAR}*)*)`,
  // a single logographic character
  String.raw`([${LOGO}])`,
];

const TOKEN_RE = new RegExp(TOKEN_SOURCES.join('|'), 'gv');
const CHUNK_RE = /\S+/g;
const PLAIN_WORD_RE =
  /^[("'\u201C\u2018\u00BF\u00A1\u00AB]?[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]+[.,;:!?"'\u201D\u2019\u00BB)]*$/;
const HAS_WORDISH_RE = /[\p{L}\p{N}]/u;

function factorFor(ch: string, lang: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x0e00 && cp <= 0x0e7f) return gmxvFactors.th;
  if ((cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f) || (cp >= 0xac00 && cp <= 0xd7af)) {
    return gmxvFactors.ko;
  }
  if ((cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0xff66 && cp <= 0xff9f)) {
    return gmxvFactors.ja;
  }
  // Han: the factor of the source language when it uses Han, Chinese otherwise.
  const base = primaryLanguage(lang);
  if (base === 'ja') return gmxvFactors.ja;
  if (base === 'ko') return gmxvFactors.ko;
  return gmxvFactors.zh;
}

export function primaryLanguage(lang: string): string {
  return lang.toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * Counts GMX-V words and characters of text as a format's parser hands it over: anything shaped
 * like markup (`<Enter>`, `&lt;`) is text here; inline codes (see inline.ts) count zero.
 */
export function countWords(text: string, lang = 'en'): WordCount {
  if (!HAS_WORDISH_RE.test(text)) {
    return { words: 0, characters: countCharacters(text), logographicCharacters: 0 };
  }
  let words = 0;
  let logo = 0;
  let logoWords = 0;
  const scan = (input: string) => {
    TOKEN_RE.lastIndex = 0;
    for (let m = TOKEN_RE.exec(input); m !== null; m = TOKEN_RE.exec(input)) {
      const ch = m[1];
      if (ch !== undefined) {
        logo++;
        logoWords += 1 / factorFor(ch, lang);
      } else {
        words++;
      }
    }
  };
  // Fast path: most whitespace-separated chunks are one plain word with punctuation around it;
  // only the others go through the full rules (the same result, several times faster).
  CHUNK_RE.lastIndex = 0;
  for (let m = CHUNK_RE.exec(text); m !== null; m = CHUNK_RE.exec(text)) {
    const chunk = m[0];
    if (PLAIN_WORD_RE.test(chunk)) words++;
    else scan(chunk);
  }
  return {
    words: words + logoWords,
    characters: countCharacters(text),
    logographicCharacters: logo,
  };
}

/** Characters the GMX-V way: code points that are not whitespace. */
export function countCharacters(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      c <= 0x20 ||
      c === 0xa0 ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x3000 ||
      (c >= 0x2000 && c <= 0x200b)
    ) {
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) continue; // low surrogate: counted with its high surrogate
    if (c === 0x85 || c === 0x1680 || c === 0x202f || c === 0x205f || c === 0xfeff) continue;
    if (c >= 0xe100 && c <= 0xe17f) continue; // an inline code (see inline.ts)
    n++;
  }
  return n;
}

const NUMBERS_ONLY_RE = /^[\s\p{N}\p{P}\p{S}]*$/u;

/** True when a cell or paragraph holds no letters (numbers, dates, amounts, punctuation). */
export function isNumbersOnly(text: string): boolean {
  return NUMBERS_ONLY_RE.test(text);
}
