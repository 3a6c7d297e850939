import { SaxesParser } from 'saxes';
import type { Readable } from 'node:stream';
import { AnalysisError, ErrorKeys } from '../errors.ts';
import { cutAtWhitespace, PARAGRAPH_CAP, throwIfAborted } from '../io.ts';
import type { TextEncodingName } from '../io.ts';
import { collapseSpace } from '../normalize.ts';

export type Attributes = Record<string, string>;

export interface XmlHandlers {
  open?(name: string, attrs: Attributes): void;
  close?(name: string): void;
  text?(text: string): void;
}

export interface XmlParseOptions {
  signal: AbortSignal;
  maxDepth: number;
  encoding?: TextEncodingName;
}

const ENTITY_DECL_RE = /<!ENTITY/i;

/**
 * Feeds a byte or string stream through a non-validating XML parser that never reads a DTD,
 * never fetches anything and refuses documents declaring entities (billion laughs, XXE).
 */
export async function parseXml(
  input: Readable | AsyncIterable<Buffer | string>,
  handlers: XmlHandlers,
  options: XmlParseOptions,
): Promise<void> {
  const steps = feedXml(input, handlers, options);
  while (!(await steps.next()).done);
}

/**
 * `parseXml` one chunk at a time: it pauses after each chunk's handlers have run, so a reader can
 * hand on what they collected before the next chunk is read.
 */
export async function* feedXml(
  input: Readable | AsyncIterable<Buffer | string>,
  handlers: XmlHandlers,
  options: XmlParseOptions,
): AsyncGenerator<void> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | undefined;
  let depth = 0;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('doctype', (doctype) => {
    if (ENTITY_DECL_RE.test(doctype)) failure ??= new AnalysisError(ErrorKeys.xmlEntities);
  });
  parser.on('opentag', (tag) => {
    if (++depth > options.maxDepth) failure ??= new AnalysisError(ErrorKeys.xmlInvalid, { reason: 'depth' });
    handlers.open?.(tag.name, tag.attributes as Attributes);
    if (tag.isSelfClosing) {
      depth--;
      handlers.close?.(tag.name);
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    depth--;
    handlers.close?.(tag.name);
  });
  if (handlers.text) {
    const onText = handlers.text;
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  const decoder = new TextDecoder(options.encoding ?? 'utf-8');
  let first = true;
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    throwIfAborted(options.signal);
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    parser.write(text);
    if (failure) throw asXmlError(failure);
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure) throw asXmlError(failure);
  yield;
}

function asXmlError(err: Error): Error {
  if (err instanceof AnalysisError) return err;
  if (/undefined entity|entity/i.test(err.message)) return new AnalysisError(ErrorKeys.xmlEntities);
  return new AnalysisError(ErrorKeys.xmlInvalid);
}

/** Local name of a qualified XML name ("w:p" -> "p"). */
export function localName(name: string): string {
  const i = name.indexOf(':');
  return i === -1 ? name : name.slice(i + 1);
}

/**
 * Accumulates text into paragraphs; extractors call `text` for translatable text and `flush` at
 * paragraph boundaries.
 */
export class ParagraphBuilder {
  private parts: string[] = [];
  private length = 0;

  constructor(private readonly emit: (paragraph: string) => void) {}

  text(t: string): void {
    this.parts.push(t);
    this.length += t.length;
    if (this.length > PARAGRAPH_CAP) {
      // an over-long paragraph goes on in pieces cut at whitespace (see PARAGRAPH_CAP)
      let all = this.parts.join('');
      while (all.length > PARAGRAPH_CAP) {
        const cut = cutAtWhitespace(all, PARAGRAPH_CAP);
        const head = collapseSpace(all.slice(0, cut));
        if (head) this.emit(head);
        all = all.slice(cut);
      }
      this.parts = [all];
      this.length = all.length;
    }
  }

  flush(): void {
    if (this.parts.length === 0) return;
    const p = collapseSpace(this.parts.join(''));
    this.parts = [];
    this.length = 0;
    if (p) this.emit(p);
  }
}
