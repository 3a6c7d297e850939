import { readLines } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';

/** Plain text: every line is a paragraph (as CAT tools do for .txt). */
export async function extractTxt(path: Source, ctx: ExtractContext): Promise<void> {
  for await (const line of readLines(path, ctx.signal)) {
    const t = line.trim();
    if (t) ctx.emit(t);
  }
}
