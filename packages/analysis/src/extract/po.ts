import { readLines } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';
import { collapseSpace } from '../normalize.ts';
import { withoutTagText } from '../markup-text.ts';

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '"': '"',
  '\\': '\\',
  a: '',
  b: '',
  f: '',
  v: '',
};

function unquote(s: string): string {
  const m = /^"(.*)"\s*$/.exec(s.trim());
  if (!m) return '';
  return (m[1] ?? '').replace(/\\(.)/g, (_all, c: string) => ESCAPES[c] ?? c);
}

/** A msgid as translate-toolkit's pocount reads it: `<br>` is a line break, HTML/XML tags are markup. */
export function poText(msgid: string): string {
  return collapseSpace(withoutTagText(msgid));
}

interface Entry {
  fuzzy: boolean;
  msgid: string[];
  plural: string[];
  /** The first translation (`msgstr` or `msgstr[0]`). */
  target: string[];
  seenId: boolean;
}

const fresh = (): Entry => ({ fuzzy: false, msgid: [], plural: [], target: [], seenId: false });

/**
 * Gettext PO, counted as translate-toolkit's pocount counts it: the `msgid` and `msgid_plural`
 * of every live entry; not the header, obsolete `#~` entries, `msgctxt` or `msgstr`, and not a
 * fuzzy entry whose (first) translation is empty. HTML/XML tags in the text are markup.
 */
export async function extractPo(path: Source, ctx: ExtractContext): Promise<void> {
  let field: 'msgid' | 'msgid_plural' | 'target' | 'other' = 'other';
  let entry = fresh();
  const flush = () => {
    const id = entry.msgid.join('');
    if (entry.seenId && id.trim() && !(entry.fuzzy && entry.target.join('') === '')) {
      const text = poText(id);
      if (text) ctx.emit(text);
      const p = poText(entry.plural.join(''));
      if (p) ctx.emit(p);
    }
    entry = fresh();
    field = 'other';
  };
  for await (const raw of readLines(path, ctx.signal)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) {
      if (entry.seenId && field !== 'msgid' && field !== 'msgid_plural') flush();
      if (line.startsWith('#,') && /[\s,]fuzzy\b/.test(line)) entry.fuzzy = true;
      field = 'other';
      continue;
    }
    if (line.startsWith('msgctxt')) {
      if (entry.seenId) flush();
      field = 'other';
    } else if (line.startsWith('msgid_plural')) {
      field = 'msgid_plural';
      entry.plural.push(unquote(line.slice(12)));
    } else if (line.startsWith('msgid')) {
      if (entry.seenId) flush();
      entry.seenId = true;
      field = 'msgid';
      entry.msgid.push(unquote(line.slice(5)));
    } else if (/^msgstr(?:\[0\])?\s/.test(line)) {
      field = 'target';
      entry.target.push(unquote(line.replace(/^msgstr(?:\[0\])?/, '')));
    } else if (line.startsWith('msgstr')) {
      field = 'other';
    } else if (line.startsWith('"')) {
      if (field === 'msgid') entry.msgid.push(unquote(line));
      else if (field === 'msgid_plural') entry.plural.push(unquote(line));
      else if (field === 'target') entry.target.push(unquote(line));
    }
  }
  flush();
}
