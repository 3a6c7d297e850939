import { readLines } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';
import { collapseSpace } from '../normalize.ts';

const INDEX_RE = /^\d+$/;
const TIMECODE_RE = /^\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;
const FORMAT_TAG_RE = /<\/?[a-z][^>]*>|\{\\[^}]*\}/gi;

/** SubRip subtitles: cue numbers and timecodes are skipped; each cue's text is one paragraph. */
export async function extractSrt(path: Source, ctx: ExtractContext): Promise<void> {
  let cue: string[] = [];
  const flush = () => {
    const text = collapseSpace(cue.join(' ').replace(FORMAT_TAG_RE, ''));
    if (text) ctx.emit(text);
    cue = [];
  };
  for await (const raw of readLines(path, ctx.signal)) {
    const line = raw.trim();
    if (line === '') {
      flush();
    } else if (TIMECODE_RE.test(line)) {
      cue = [];
    } else if (INDEX_RE.test(line) && cue.length === 0) {
      continue;
    } else {
      cue.push(line);
    }
  }
  flush();
}
