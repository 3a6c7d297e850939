import { abbreviations } from './abbreviations.ts';
import { primaryLanguage } from '../count/words.ts';

/**
 * Sentence segmentation with SRX-style rules: a break rule (after terminal punctuation, optional
 * closing quotes or brackets, then whitespace) and per-language "no break" exceptions
 * (abbreviations, initials, ordinal numbers, a following lower-case letter).
 *
 * It runs in linear time on any input; `Intl.Segmenter('sentence')` is only used for Thai,
 * paragraph by paragraph and on bounded slices, because it is quadratic on long strings in
 * Node 20.
 */

export interface SegmentOptions {
  /** Segments longer than this are split at the last whitespace before the limit. */
  maxSegmentChars?: number;
}

const CJK_LANGS = new Set(['zh', 'ja', 'ko']);
const abbreviationSets = new Map<string, Set<string>>();

function abbreviationsFor(lang: string): Set<string> {
  let set = abbreviationSets.get(lang);
  if (!set) {
    set = new Set(abbreviations[lang] ?? abbreviations.en);
    abbreviationSets.set(lang, set);
  }
  return set;
}

// Terminal punctuation, closing marks, then whitespace (or full-width terminal marks with no space).
const LATIN_BREAK_RE =
  /[.!?\u2026\u203D]+["'\u201D\u2019\u00BB)\]]*(?=\s)\s+|[\u3002\uFF01\uFF1F\uFF0E]+["'\u201D\u2019\u300D\u300F\uFF09\u3011]*\s*/gu;
const WORD_BEFORE_DOT_RE = /([\p{L}\p{N}.\u00BA\u00B0-]+)\.["'\u201D\u2019\u00BB)\]]*\s*$/u;
const LOWER_START_RE = /^[\s"'\u201C\u2018\u00AB([]*[\p{Ll}]/u;
const DIGIT_START_RE = /^\s*[\p{N}]/u;
const INITIAL_RE = /(?:^|[\s(])\p{Lu}\.\s*$/u;
const ORDINAL_RE = /(?:^|\s)\d{1,3}\.\s*$/u;

const thaiSegmenter = new Intl.Segmenter('th', { granularity: 'sentence' });

/** Splits one paragraph of plain text into trimmed, non-empty sentences. */
export function segment(text: string, lang = 'en', options: SegmentOptions = {}): string[] {
  const max = options.maxSegmentChars ?? 4000;
  const base = primaryLanguage(lang);
  const trimmed = text.trim();
  if (trimmed === '') return [];
  let sentences: string[];
  if (base === 'th') {
    sentences = segmentWithIntl(trimmed, max);
  } else {
    sentences = segmentWithRules(trimmed, base);
  }
  const out: string[] = [];
  for (const s of sentences) {
    const t = s.trim();
    if (t === '') continue;
    if (t.length > max) splitLong(t, max, out);
    else out.push(t);
  }
  return out;
}

function segmentWithRules(text: string, lang: string): string[] {
  const abbr = abbreviationsFor(lang);
  const cjk = CJK_LANGS.has(lang);
  const out: string[] = [];
  let start = 0;
  LATIN_BREAK_RE.lastIndex = 0;
  for (let m = LATIN_BREAK_RE.exec(text); m !== null; m = LATIN_BREAK_RE.exec(text)) {
    const end = m.index + m[0].length;
    if (end >= text.length) break;
    const punct = m[0];
    const fullWidth = /[\u3002\uFF01\uFF1F\uFF0E]/u.test(punct);
    if (!fullWidth && !isBreak(text, start, m.index, end, punct, abbr, lang, cjk)) continue;
    out.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

function isBreak(
  text: string,
  start: number,
  punctIndex: number,
  end: number,
  punct: string,
  abbr: Set<string>,
  lang: string,
  cjk: boolean,
): boolean {
  const after = text.slice(end, end + 8);
  // "?" and "!" followed by a lower-case word are part of the sentence in es/ca/fr ("¿Sí? dijo él"); for
  // every language a lower-case continuation is the strongest sign that the full stop was not an end.
  if (LOWER_START_RE.test(after) && !cjk) return false;
  if (!punct.startsWith('.')) return true;
  const before = text.slice(Math.max(start, punctIndex - 40), punctIndex + punct.length);
  if (INITIAL_RE.test(before.trimEnd().replace(/["'\u201D\u2019\u00BB)\]]+$/u, ''))) return false;
  const word = WORD_BEFORE_DOT_RE.exec(before)?.[1];
  if (word !== undefined) {
    const lower = word.toLowerCase();
    if (abbr.has(lower)) return false;
    // e.g. "z.B." or "i.e.": a dotted abbreviation of single letters
    if (/^(?:\p{L}{1,3}\.)+\p{L}{1,3}$/u.test(lower)) return false;
    if ((lang === 'de' || lang === 'nl') && ORDINAL_RE.test(before) && !DIGIT_START_RE.test(after))
      return false;
  }
  return true;
}

function segmentWithIntl(text: string, max: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += max) {
    const slice = text.slice(i, i + max);
    for (const s of thaiSegmenter.segment(slice)) out.push(s.segment);
  }
  return out;
}

function splitLong(text: string, max: number, out: string[]): void {
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut < max / 2) cut = max;
    const head = rest.slice(0, cut).trim();
    if (head) out.push(head);
    rest = rest.slice(cut).trimStart();
  }
  if (rest) out.push(rest);
}
