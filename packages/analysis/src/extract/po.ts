import { readLines } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';

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

/**
 * Gettext PO: the translatable text is the `msgid` (and `msgid_plural`) of every live entry;
 * the header (empty msgid) and obsolete entries (`#~`) are skipped.
 */
export async function extractPo(path: Source, ctx: ExtractContext): Promise<void> {
  let field: 'msgid' | 'msgid_plural' | 'other' = 'other';
  let msgid: string[] = [];
  let plural: string[] = [];
  let seenId = false;
  const flush = () => {
    if (seenId) {
      const id = msgid.join('');
      if (id.trim()) {
        ctx.emit(id.replace(/\s+/g, ' ').trim());
        const p = plural.join('');
        if (p.trim()) ctx.emit(p.replace(/\s+/g, ' ').trim());
      }
    }
    msgid = [];
    plural = [];
    seenId = false;
    field = 'other';
  };
  for await (const raw of readLines(path, ctx.signal)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) {
      if (seenId && field === 'other') flush();
      if (line.startsWith('#~')) field = 'other';
      continue;
    }
    if (line.startsWith('msgctxt')) {
      if (seenId) flush();
      field = 'other';
    } else if (line.startsWith('msgid_plural')) {
      field = 'msgid_plural';
      plural.push(unquote(line.slice(12)));
    } else if (line.startsWith('msgid')) {
      if (seenId) flush();
      seenId = true;
      field = 'msgid';
      msgid.push(unquote(line.slice(5)));
    } else if (line.startsWith('msgstr')) {
      field = 'other';
    } else if (line.startsWith('"')) {
      if (field === 'msgid') msgid.push(unquote(line));
      else if (field === 'msgid_plural') plural.push(unquote(line));
    }
  }
  flush();
}
