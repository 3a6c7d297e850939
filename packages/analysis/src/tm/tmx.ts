import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { AnalysisError, ErrorKeys } from '../errors.ts';
import { primaryLanguage } from '../count/words.ts';
import { inlineTag } from '../inline.ts';
import { ContextChain } from './context-chain.ts';
import { splitUnit } from './sentences.ts';
import type { TmUnit } from './memory.ts';

export interface TmxUnit extends TmUnit {
  /** The language of the source variant as written in the file (e.g. "en-US"). */
  sourceLanguage: string;
  targetLanguage?: string;
}

export interface ReadTmxOptions {
  /** Source language wanted (matched on the primary subtag when the exact tag is absent). */
  sourceLanguage: string;
  /** Target language wanted; units without it are still returned, without `target`. */
  targetLanguage?: string;
  signal?: AbortSignal;
  maxDepth?: number;
}

// Native codes (their content is markup); `hi` and `sub` hold translatable text and are not listed.
const CODE_ELEMENTS = new Set(['bpt', 'ept', 'ph', 'it', 'ut']);

/**
 * Reads a TMX file as a stream of units, never holding more than one chunk's worth of units:
 * suitable for batch-inserting a million units into a database. Inline codes become inline-code
 * characters in the text (see inline.ts) (they count zero and feed the tag penalty). Units are cut into sentences as documents are
 * (`splitUnit`); context hashes come from the neighbouring sentences in file order.
 */
export async function* readTmx(
  input: Readable | AsyncIterable<Buffer | string>,
  options: ReadTmxOptions,
): AsyncGenerator<TmxUnit> {
  const wantSource = options.sourceLanguage.toLowerCase();
  const wantTarget = options.targetLanguage?.toLowerCase();
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | undefined;
  const ready: { source: string; target?: string; srcLang: string; tgtLang?: string }[] = [];
  let variants: { lang: string; text: string }[] = [];
  let lang = '';
  let segParts: string[] | undefined;
  let codeDepth = 0;
  let depth = 0;
  const maxDepth = options.maxDepth ?? 64;
  parser.on('error', (e) => {
    failure ??= e;
  });
  parser.on('doctype', (d) => {
    if (/<!ENTITY/i.test(d)) failure ??= new AnalysisError(ErrorKeys.xmlEntities);
  });
  parser.on('opentag', (tag) => {
    if (!tag.isSelfClosing && ++depth > maxDepth)
      failure ??= new AnalysisError(ErrorKeys.xmlInvalid, { reason: 'depth' });
    const name = tag.name;
    const attrs = tag.attributes as Record<string, string>;
    if (name === 'tu') variants = [];
    else if (name === 'tuv') lang = (attrs['xml:lang'] ?? attrs.lang ?? '').toLowerCase();
    else if (name === 'seg') segParts = [];
    else if (segParts) {
      if (CODE_ELEMENTS.has(name)) {
        segParts.push(inlineTag(name));
        if (!tag.isSelfClosing) codeDepth++;
      }
    }
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) depth--;
    const name = tag.name;
    if (name === 'seg' && segParts) {
      variants.push({ lang, text: segParts.join('').replace(/\s+/g, ' ').trim() });
      segParts = undefined;
    } else if (segParts && CODE_ELEMENTS.has(name) && !tag.isSelfClosing) {
      codeDepth = Math.max(0, codeDepth - 1);
    } else if (name === 'tu') {
      const src = pick(variants, wantSource);
      if (src && src.text) {
        const tgt = wantTarget ? pick(variants, wantTarget) : variants.find((v) => v !== src);
        ready.push(
          tgt
            ? { source: src.text, target: tgt.text, srcLang: src.lang, tgtLang: tgt.lang }
            : { source: src.text, srcLang: src.lang },
        );
      }
    }
  });
  const onText = (t: string) => {
    if (segParts && codeDepth === 0) segParts.push(t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  const chain = new ContextChain<TmxUnit>();
  const decoder = new TextDecoder('utf-8');
  const drain = function* (): Generator<TmxUnit> {
    for (const u of ready) {
      const make = (p: { source: string; target?: string }): TmxUnit => {
        const unit: TmxUnit = { source: p.source, sourceLanguage: u.srcLang };
        if (p.target !== undefined) unit.target = p.target;
        if (u.tgtLang !== undefined) unit.targetLanguage = u.tgtLang;
        return unit;
      };
      const { sentences, whole } = splitUnit(u, u.srcLang, u.tgtLang);
      for (const s of sentences) yield* chain.add(make(s));
      if (whole) yield make(whole);
    }
    ready.length = 0;
  };
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    if (options.signal?.aborted) throw new AnalysisError(ErrorKeys.aborted);
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (failure) throw asError(failure);
    yield* drain();
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure) throw asError(failure);
  yield* drain();
  yield* chain.end();
}

function pick(variants: { lang: string; text: string }[], want: string) {
  return (
    variants.find((v) => v.lang === want) ??
    variants.find((v) => primaryLanguage(v.lang) === primaryLanguage(want))
  );
}

function asError(e: Error): Error {
  if (e instanceof AnalysisError) return e;
  return new AnalysisError(/entity/i.test(e.message) ? ErrorKeys.xmlEntities : ErrorKeys.xmlInvalid);
}
