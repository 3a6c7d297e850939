import { openSource, readHead, sniffEncoding } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';
import { INLINE_CODE_NAMES, inlineTag } from '../inline.ts';
import { localName, parseXml, type Attributes, type XmlHandlers } from './xml.ts';
import { collapseSpace } from '../normalize.ts';

/** Inline elements whose content is native code (counts zero). */
const CODE_ELEMENTS = new Set(['bpt', 'ept', 'it', 'ph', 'sub-code', 'originalData', 'data']);
/** Inline markers that stay in the text as inline-code characters, so that tag differences can be penalised in TM matching. */
const TAG_ELEMENTS = new Set<string>(INLINE_CODE_NAMES.filter((name) => name !== 'ut'));
/** Elements whose `source` and `target` are one translatable piece: 1.2 `trans-unit`, 2.0 `segment`. */
const UNIT_ELEMENTS = new Set(['trans-unit', 'segment']);

/** The text of a `source` or `target`: inline markers kept as tags, native code and translate="no" spans dropped. */
class InlineText {
  private parts: string[] = [];
  private codeDepth = 0;
  private noTranslateDepth = 0;

  open(ln: string, attrs: Attributes): void {
    if (ln === 'mrk' && (attrs.translate === 'no' || this.noTranslateDepth > 0)) this.noTranslateDepth++;
    if (TAG_ELEMENTS.has(ln)) this.parts.push(inlineTag(ln));
    if (CODE_ELEMENTS.has(ln)) this.codeDepth++;
  }

  close(ln: string): void {
    if (CODE_ELEMENTS.has(ln)) this.codeDepth = Math.max(0, this.codeDepth - 1);
    if (ln === 'mrk' && this.noTranslateDepth > 0) this.noTranslateDepth--;
    if (ln === 'g' || ln === 'pc' || ln === 'mrk') this.parts.push(inlineTag(`/${ln}`));
  }

  text(t: string): void {
    if (this.codeDepth === 0 && this.noTranslateDepth === 0) this.parts.push(t);
  }

  toString(): string {
    return collapseSpace(this.parts.join(''));
  }
}

/** A source text and its translation ('' when the file has none). */
export interface XliffPair {
  source: string;
  target: string;
}

/** The languages a file declares (2.0 `srcLang`/`trgLang`, 1.2 `source-language`/`target-language`). */
export interface XliffLanguages {
  source?: string;
  target?: string;
}

interface OpenUnit {
  depth: number;
  translatable: boolean;
  source?: InlineText;
  target?: InlineText;
  /** 1.2 `seg-source` and `target` split into `<mrk mtype="seg" mid>` sentences (SDLXLIFF and others). */
  segSources: Map<string, InlineText>;
  segTargets: Map<string, InlineText>;
}

/** The unit's pairs: sentence by sentence when the file segmented it, else the whole source and target. */
function pairsOf(unit: OpenUnit): XliffPair[] {
  if (unit.segSources.size)
    return [...unit.segSources].map(([mid, source]) => ({
      source: source.toString(),
      target: unit.segTargets.get(mid)?.toString() ?? '',
    }));
  return [{ source: unit.source?.toString() ?? '', target: unit.target?.toString() ?? '' }];
}

/**
 * Walks XLIFF 1.2 and 2.x: `source` is called with the text of every translatable source as it
 * closes, `unit` with the source/target pairs of every translatable unit and the languages its
 * file declares. Units (or groups, or
 * 2.0 `mrk` spans) with `translate="no"` are skipped, as is the PO header unit that po2xliff writes.
 */
export function xliffHandlers(on: {
  source?(text: string): void;
  unit?(pairs: XliffPair[], languages: XliffLanguages): void;
}): XmlHandlers {
  let documentLanguages: XliffLanguages = {};
  let languages: XliffLanguages = {};
  const translateStack: boolean[] = [true];
  const stack: string[] = [];
  let unit: OpenUnit | undefined;
  let part: { kind: string; into: InlineText; depth: number; translatable: boolean } | undefined;
  let sentence: { into: InlineText; depth: number } | undefined;
  return {
    open(name, attrs) {
      const ln = localName(name);
      stack.push(ln);
      const parentTranslate = translateStack[translateStack.length - 1] ?? true;
      const translate = attrs.translate === 'no' ? false : attrs.translate === 'yes' ? true : parentTranslate;
      const isHeader = ln === 'trans-unit' && attrs.restype === 'x-gettext-domain-header';
      translateStack.push(isHeader ? false : translate);
      if (ln === 'xliff') documentLanguages = languages = { source: attrs.srcLang, target: attrs.trgLang };
      else if (ln === 'file')
        languages =
          attrs['source-language'] || attrs['target-language']
            ? { source: attrs['source-language'], target: attrs['target-language'] }
            : documentLanguages;
      if (part) {
        if (part.kind !== 'source' && ln === 'mrk' && attrs.mtype === 'seg' && attrs.mid && unit) {
          sentence = { into: new InlineText(), depth: stack.length };
          (part.kind === 'seg-source' ? unit.segSources : unit.segTargets).set(attrs.mid, sentence.into);
        } else sentence?.into.open(ln, attrs);
        part.into.open(ln, attrs);
        return;
      }
      if (UNIT_ELEMENTS.has(ln)) {
        unit = {
          depth: stack.length,
          translatable: translate && !isHeader,
          segSources: new Map(),
          segTargets: new Map(),
        };
        return;
      }
      const parent = stack[stack.length - 2] ?? '';
      if (unit && UNIT_ELEMENTS.has(parent) && (ln === 'source' || ln === 'target' || ln === 'seg-source')) {
        part = { kind: ln, into: new InlineText(), depth: stack.length, translatable: translate };
        if (ln === 'source') unit.source = part.into;
        else if (ln === 'target') unit.target = part.into;
      }
    },
    close(name) {
      const ln = localName(name);
      const depth = stack.length;
      stack.pop();
      translateStack.pop();
      if (part && depth === part.depth) {
        const text = part.into.toString();
        if (part.kind === 'source' && part.translatable && unit?.translatable && text) on.source?.(text);
        part = undefined;
        sentence = undefined;
      } else if (part) {
        if (sentence && depth === sentence.depth) sentence = undefined;
        else sentence?.into.close(ln);
        part.into.close(ln);
      } else if (unit && depth === unit.depth) {
        if (unit.translatable) on.unit?.(pairsOf(unit), languages);
        unit = undefined;
      }
    },
    text(t) {
      part?.into.text(t);
      sentence?.into.text(t);
    },
  };
}

/** XLIFF 1.2 and 2.x: the `source` of every unit that is translatable. */
export async function extractXliff(path: Source, ctx: ExtractContext): Promise<void> {
  const { encoding } = sniffEncoding(await readHead(path, 4096));
  await parseXml(openSource(path), xliffHandlers({ source: (text) => ctx.emit(text) }), {
    signal: ctx.signal,
    maxDepth: ctx.limits.maxXmlDepth,
    encoding,
  });
}
