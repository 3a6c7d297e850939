import { normalizeSegment } from '../normalize.ts';
import type { TmCandidate, TmQuery } from './types.ts';

/**
 * Fuzzy match score between a segment and a TM source, 0–100 (101 is decided by context, see
 * `matchScore`). Token edit distance over words and punctuation, relative to the longer side,
 * minus penalties: differing numbers (2 each), differing inline tags (1 each, at most 5) and
 * differing case (1). Only identical normalised text scores 100; anything else is at most 99.
 *
 * Pure and synchronous, so the API's PostgreSQL memory can reuse it on its candidates.
 */
export function scoreMatch(source: string, candidate: string): number {
  return scorePrepared(prepare(source), candidate);
}

/** `scoreMatch` against one source for many candidates: the source is normalised and tokenised once. */
export function scorerFor(source: string): (candidate: string) => number {
  const prepared = prepare(source);
  return (candidate) => scorePrepared(prepared, candidate);
}

interface Prepared {
  normalized: string;
  tokens?: Tokens;
}

function prepare(text: string): Prepared {
  return { normalized: normalizeSegment(text) };
}

function scorePrepared(query: Prepared, candidate: string): number {
  const a = query.normalized;
  const b = normalizeSegment(candidate);
  if (a === b) return 100;
  const near = nearlyIdentical(a, b);
  if (near) return near;
  query.tokens ??= tokenize(a);
  const ta = query.tokens;
  const tb = tokenize(b);
  const n = Math.max(ta.keys.length, tb.keys.length);
  if (n === 0)
    return ta.tags.length === tb.tags.length
      ? 99
      : Math.max(0, 99 - Math.abs(ta.tags.length - tb.tags.length));
  const shorter = Math.min(ta.keys.length, tb.keys.length);
  // A length ratio below one half cannot reach 50 %; skip the distance computation.
  if (shorter / n < 0.45) return Math.floor((100 * shorter) / n);
  const d = tokenDistance(ta.keys, tb.keys);
  let score = 100 * (1 - d / n);
  score -= 2 * multisetDifference(ta.numbers, tb.numbers);
  score -= Math.min(5, multisetDifference(ta.tags, tb.tags) + (sameSequence(ta.tags, tb.tags) ? 0 : 1));
  if (d === 0 && ta.surface.join(' ') !== tb.surface.join(' ')) score -= 1; // case only
  return Math.max(0, Math.min(99, Math.floor(score + 1e-9)));
}

const FINAL_PUNCT_RE = /[\s\p{P}]+$/u;
const SPACE_RE = /\s+/g;

/**
 * 95–99 when two texts differ only in final punctuation, case or spacing (`document!` and
 * `Document.`), one point per kind of difference, as OmegaT and Trados place them; 0 otherwise.
 */
function nearlyIdentical(a: string, b: string): number {
  const bodyA = a.replace(FINAL_PUNCT_RE, '');
  const bodyB = b.replace(FINAL_PUNCT_RE, '');
  const tightA = bodyA.replace(SPACE_RE, '');
  const tightB = bodyB.replace(SPACE_RE, '');
  if (tightA.toLowerCase() !== tightB.toLowerCase()) return 0; // as `nearKey`
  let score = 100;
  if (a.slice(bodyA.length).replace(SPACE_RE, '') !== b.slice(bodyB.length).replace(SPACE_RE, '')) score--;
  if (tightA !== tightB) score--;
  if (bodyA.toLowerCase() !== bodyB.toLowerCase()) score--;
  return Math.max(95, Math.min(99, score));
}

/**
 * What two normalised texts share when `nearlyIdentical` scores them 95–99 (or they are identical):
 * the text without its final punctuation and spaces, in lower case. Candidate indexes key on it.
 */
export function nearKey(normalized: string): string {
  // As `replace(FINAL_PUNCT_RE, '')`, from the end: the regex tries every position of the text.
  let end = normalized.length;
  while (end > 0) {
    const last = normalized.charCodeAt(end - 1);
    const width =
      last >= 0xdc00 && last <= 0xdfff && end > 1 && (normalized.charCodeAt(end - 2) & 0xfc00) === 0xd800
        ? 2
        : 1;
    if (!FINAL_CHAR_RE.test(normalized.slice(end - width, end))) break;
    end -= width;
  }
  return normalized.slice(0, end).replace(SPACE_RE, '').toLowerCase();
}

const FINAL_CHAR_RE = /^[\s\p{P}]$/u;

/**
 * The score including context: 101 when the text is identical, spacing included, and both
 * neighbours match. Texts that differ only in spacing (a double space, a no-break space, a trailing
 * space) score 100, never 101: the unit's translation has the other spacing (ADR 0028).
 */
export function matchScore(query: TmQuery, candidate: TmCandidate): number {
  return matchPrepared(query, prepare(query.text), candidate);
}

function matchPrepared(query: TmQuery, prepared: Prepared, candidate: TmCandidate): number {
  // A fuzzy score the memory computed is final; 100 may still be 101 by context.
  if (candidate.score !== undefined && candidate.score < 100) return candidate.score;
  const s = scorePrepared(prepared, candidate.source);
  if (
    s === 100 &&
    candidate.source === query.text &&
    candidate.prevHash === query.prevHash &&
    candidate.nextHash === query.nextHash
  )
    return 101;
  return s;
}

/** The best candidate and its score (0 when there is none). */
export function bestMatch(
  query: TmQuery,
  candidates: readonly TmCandidate[],
): { score: number; candidate?: TmCandidate } {
  let best = 0;
  let bestCandidate: TmCandidate | undefined;
  const prepared = prepare(query.text);
  for (const c of candidates) {
    const s = matchPrepared(query, prepared, c);
    if (s > best) {
      best = s;
      bestCandidate = c;
      if (s === 101) break;
    }
  }
  return bestCandidate ? { score: best, candidate: bestCandidate } : { score: 0 };
}

interface Tokens {
  /** Comparison keys: lower-case words, '#' for numbers, punctuation as is. */
  keys: string[];
  /** Words as written, for the case penalty. */
  surface: string[];
  numbers: string[];
  tags: string[];
}

const TOKEN_RE =
  /[\uE100-\uE17F]|\p{Nd}+(?:[.,:/-]\p{Nd}+)*|[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}]|[\p{L}\p{M}\p{N}_]+(?:['\u2019-][\p{L}\p{M}\p{N}_]+)*|[^\s]/gu;

export function tokenize(text: string): Tokens {
  const keys: string[] = [];
  const surface: string[] = [];
  const numbers: string[] = [];
  const tags: string[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (c >= 0xe100 && c <= 0xe17f) {
      tags.push(t);
    } else if (c >= 48 && c <= 57) {
      numbers.push(t);
      keys.push('#');
      surface.push('#');
    } else {
      keys.push(t.toLowerCase());
      surface.push(t);
    }
  }
  return { keys, surface, numbers, tags };
}

/** `tokenize(text).keys` alone, without the other lists (a memory's index reads every unit's). */
export function tokenKeys(text: string): string[] {
  const keys: string[] = [];
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m; m = TOKEN_RE.exec(text)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (c >= 0xe100 && c <= 0xe17f) continue;
    keys.push(c >= 48 && c <= 57 ? '#' : t.toLowerCase());
  }
  return keys;
}

/** Levenshtein distance over tokens, with two rows. */
export function tokenDistance(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      const cost = ai === b[j - 1] ? 0 : 1;
      const del = (prev[j] ?? 0) + 1;
      const ins = (cur[j - 1] ?? 0) + 1;
      const sub = (prev[j - 1] ?? 0) + cost;
      cur[j] = del < ins ? (del < sub ? del : sub) : ins < sub ? ins : sub;
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] ?? 0;
}

function multisetDifference(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const x of a) counts.set(x, (counts.get(x) ?? 0) + 1);
  for (const x of b) counts.set(x, (counts.get(x) ?? 0) - 1);
  let diff = 0;
  for (const v of counts.values()) diff += Math.abs(v);
  // A changed number shows as one missing and one extra: count it once.
  return Math.ceil(diff / 2);
}

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
