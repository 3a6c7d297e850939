import { countCharacters, countWords } from './words.ts';
import type { WordCount } from './words.ts';

// translate-toolkit's `Common.punctuation`: stripped from both ends of every whitespace-separated token.
const PUNCTUATION = new Set(
  '.,;:!?-@#$%^*_()[]{}/\\\'`"<>‘’‛“”„‟′″‴‵‶‷‹›«»¿¡،؟؛÷。、，；！？「」『』【】।॥॰።፤፣…±°¹²³·©®×£¥€',
);
const NUMBER_DOT_RE = /\P{Nd}\.\P{Nd}/gu;
const LOGOGRAPHIC_RE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}]/u;

/**
 * Words as translate-toolkit's pocount counts them, the reference for PO files (ADR 0010): a dot
 * between two non-digits and its neighbours become a space, then every whitespace-separated token
 * with something left after stripping punctuation from its ends is a word. A token holding Chinese,
 * Japanese, Korean or Thai characters is counted the GMX-V way (characters ÷ factor), as pocount
 * has no rule for them.
 */
export function countWordsPocount(text: string, lang = 'en'): WordCount {
  const t = text.includes('.') ? text.replace(NUMBER_DOT_RE, ' ') : text;
  let words = 0;
  let logo = 0;
  for (const token of t.split(/\s+/)) {
    if (token === '') continue;
    if (LOGOGRAPHIC_RE.test(token)) {
      const c = countWords(token, lang);
      words += c.words;
      logo += c.logographicCharacters;
      continue;
    }
    let a = 0;
    let b = token.length;
    while (a < b && PUNCTUATION.has(token[a] as string)) a++;
    while (b > a && PUNCTUATION.has(token[b - 1] as string)) b--;
    if (b > a) words++;
  }
  return { words, characters: countCharacters(text), logographicCharacters: logo };
}
