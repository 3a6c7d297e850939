import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { AnalysisError, ErrorKeys } from '../errors.ts';
import { primaryLanguage } from '../count/words.ts';
import { inlineTag } from '../inline.ts';
import { decodeStream } from '../io.ts';
import { ContextChain } from './context-chain.ts';
import { datatypeHoldsTags, markupFreeView, memorySource } from './memory-source.ts';
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
  /** Longest text of one variant (`seg`) of a unit, in characters; a longer one fails the file. */
  maxUnitChars?: number;
}

/** Longest `seg` text accepted by default: 64 Ki characters (a long paragraph is a few thousand). */
export const MAX_TMX_UNIT_CHARS = 64 * 1024;

// Native codes (their content is markup); `hi` and `sub` hold translatable text and are not listed.
const CODE_ELEMENTS = new Set(['bpt', 'ept', 'ph', 'it', 'ut']);
const LINE_BREAK_CODE_RE = /<br\b|\\line\b|^\s*(?:\n|&#10;|\\n)\s*$/i;
/** Input fed to the parser in pieces of at most this many characters (see `quiet` below). */
const PIECE = 16 * 1024;

interface Variant {
  lang: string;
  /** The text, inline codes as inline-code characters (see inline.ts). */
  text: string;
  /** The same, with a line break after each code standing for one (for `memorySource`). */
  source: string;
}

/** The `seg` being read: its text with codes as characters, and the source form beside it. */
class SegText {
  private parts: string[] = [];
  private source: string[] = [];
  length = 0;
  private code: { name: string; depth: number; content: string; lineBreak: boolean } | undefined;

  open(name: string, attrs: Record<string, string>): void {
    if (this.code) {
      this.code.depth++;
      return;
    }
    if (!CODE_ELEMENTS.has(name)) return;
    this.push(inlineTag(name));
    this.code = { name, depth: 1, content: '', lineBreak: attrs.type === 'lb' };
  }

  close(selfClosing: boolean): void {
    const code = this.code;
    if (!code) return;
    if (!selfClosing && --code.depth > 0) return;
    if (selfClosing && code.depth > 1) {
      code.depth--;
      return;
    }
    if (code.lineBreak || LINE_BREAK_CODE_RE.test(code.content)) this.source.push('\n');
    this.code = undefined;
  }

  text(t: string): void {
    if (this.code) {
      if (this.code.content.length < 256) this.code.content += t;
      return;
    }
    this.push(t);
  }

  private push(t: string): void {
    this.parts.push(t);
    this.source.push(t);
    this.length += t.length;
  }

  variant(lang: string): Variant {
    return { lang, text: this.parts.join(''), source: this.source.join('') };
  }
}

/**
 * Reads a TMX file as a stream of units, never holding more than one chunk's worth of units:
 * suitable for batch-inserting a million units into a database. The encoding is read from the
 * byte-order mark (UTF-8, UTF-16 LE/BE) or the XML declaration, else UTF-8.
 *
 * A unit's source is what a document reader would read (`memorySource`: inline codes and tags
 * written as text removed); its target keeps inline codes as inline-code characters (see
 * inline.ts), whitespace collapsed. Units are cut into sentences as documents are (`splitUnit`);
 * context hashes come from the neighbouring sentences in file order.
 *
 * Memory stays bounded whatever the file: a variant longer than `maxUnitChars`, or any text,
 * comment or tag that runs longer than that without markup, fails the file with
 * `analysis.errors.unit_too_long` (params: the unit's number in the file, its line and the limit).
 */
export async function* readTmx(
  input: Readable | AsyncIterable<Buffer | string>,
  options: ReadTmxOptions,
): AsyncGenerator<TmxUnit> {
  const wantSource = options.sourceLanguage.toLowerCase();
  const wantTarget = options.targetLanguage?.toLowerCase();
  const maxChars = options.maxUnitChars ?? MAX_TMX_UNIT_CHARS;
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | undefined;
  const ready: { source: string; target?: string; srcLang: string; tgtLang?: string; tagsAsText: boolean }[] =
    [];
  let variants: Variant[] = [];
  let lang = '';
  let seg: SegText | undefined;
  let depth = 0;
  let headerDatatype: string | undefined;
  let unitDatatype: string | undefined;
  /** Units opened so far and the line of the last one, to name a unit in an error. */
  let units = 0;
  let unitLine = 0;
  /** Whether the parser reported anything while the last piece was fed to it (set before each piece). */
  let heard: boolean;
  const maxDepth = options.maxDepth ?? 64;
  const tooLong = () =>
    new AnalysisError(ErrorKeys.unitTooLong, {
      unit: Math.max(units, 1),
      line: units ? unitLine : parser.line,
      limit: maxChars,
    });
  parser.on('error', (e) => {
    failure ??= e;
  });
  parser.on('doctype', (d) => {
    if (/<!ENTITY/i.test(d)) failure ??= new AnalysisError(ErrorKeys.xmlEntities);
  });
  parser.on('opentag', (tag) => {
    heard = true;
    if (!tag.isSelfClosing && ++depth > maxDepth)
      failure ??= new AnalysisError(ErrorKeys.xmlInvalid, { reason: 'depth' });
    const name = tag.name;
    const attrs = tag.attributes as Record<string, string>;
    if (seg) seg.open(name, attrs);
    else if (name === 'tu') {
      variants = [];
      units++;
      unitLine = parser.line;
      unitDatatype = attrs.datatype;
    } else if (name === 'tuv') lang = (attrs['xml:lang'] ?? attrs.lang ?? '').toLowerCase();
    else if (name === 'seg') seg = new SegText();
    else if (name === 'header') headerDatatype = attrs.datatype;
  });
  parser.on('closetag', (tag) => {
    heard = true;
    if (!tag.isSelfClosing) depth--;
    const name = tag.name;
    if (name === 'seg' && seg) {
      variants.push(seg.variant(lang));
      seg = undefined;
    } else if (seg) {
      seg.close(tag.isSelfClosing);
    } else if (name === 'tu') {
      const src = pick(variants, wantSource);
      const tagsAsText = datatypeHoldsTags(unitDatatype ?? headerDatatype);
      const source = src ? memorySource(src.source, { tagsAsText }) : '';
      if (src && source.trim()) {
        const tgt = wantTarget ? pick(variants, wantTarget) : variants.find((v) => v !== src);
        const target = tgt?.text.replace(/\s+/g, ' ').trim();
        ready.push(
          tgt
            ? { source, target, srcLang: src.lang, tgtLang: tgt.lang, tagsAsText }
            : { source, srcLang: src.lang, tagsAsText },
        );
      }
      unitDatatype = undefined;
    }
  });
  const onText = (t: string) => {
    heard = true;
    if (!seg) return;
    seg.text(t);
    if (seg.length > maxChars) failure ??= tooLong();
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('comment', () => {
    heard = true;
  });

  const chain = new ContextChain<TmxUnit>();
  const drain = function* (): Generator<TmxUnit> {
    for (const u of ready) {
      const make = (p: { source: string; target?: string }): TmxUnit => {
        const unit: TmxUnit = { source: p.source, sourceLanguage: u.srcLang };
        if (p.target !== undefined) unit.target = p.target;
        if (u.tgtLang !== undefined) unit.targetLanguage = u.tgtLang;
        return unit;
      };
      const { sentences, whole } = splitUnit(u, u.srcLang, u.tgtLang, (target) =>
        markupFreeView(target, { tagsAsText: u.tagsAsText }),
      );
      for (const s of sentences) yield* chain.add(make(s));
      if (whole) yield make(whole);
    }
    ready.length = 0;
  };
  // Characters fed since the parser last reported something: what it holds in its own buffers
  // (a text node, comment or tag not yet ended). Bounded, so that one huge node cannot fill memory.
  let quiet = 0;
  for await (const chunk of decodeStream(input as AsyncIterable<Buffer | string>)) {
    if (options.signal?.aborted) throw new AnalysisError(ErrorKeys.aborted);
    for (let at = 0; at < chunk.length; at += PIECE) {
      const piece = chunk.length <= PIECE ? chunk : chunk.slice(at, at + PIECE);
      heard = false;
      parser.write(piece);
      quiet = heard ? piece.length : quiet + piece.length;
      if (quiet > maxChars + PIECE) failure ??= tooLong();
      if (failure) throw asError(failure);
    }
    yield* drain();
  }
  parser.close();
  if (failure) throw asError(failure);
  yield* drain();
  yield* chain.end();
}

function pick(variants: Variant[], want: string) {
  return (
    variants.find((v) => v.lang === want) ??
    variants.find((v) => primaryLanguage(v.lang) === primaryLanguage(want))
  );
}

function asError(e: Error): Error {
  if (e instanceof AnalysisError) return e;
  return new AnalysisError(/entity/i.test(e.message) ? ErrorKeys.xmlEntities : ErrorKeys.xmlInvalid);
}
