// Memory of reading a TMX whose one unit is huge (a runaway export). Prints figures; asserts nothing.
//   npx tsx bench/tmx-huge-unit.ts            (a 50 MB unit; TM_BENCH_UNIT_MB sets the size)
// The file is read in a child process, so that its peak RSS is the reader's alone.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTmx } from '../src/index.ts';

const [, , mode, path] = process.argv;
if (mode === '--read' && path) {
  const started = Date.now();
  let outcome = 'read';
  try {
    for await (const _ of readTmx(createReadStream(path), { sourceLanguage: 'en', targetLanguage: 'es' }))
      void _;
  } catch (err) {
    outcome = `refused (${(err as { key?: string }).key ?? String(err)})`;
  }
  const rss = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`${outcome} in ${Date.now() - started} ms, peak RSS ${rss} MB`);
} else {
  const mb = Number(process.env.TM_BENCH_UNIT_MB ?? 50);
  const dir = mkdtempSync(join(tmpdir(), 'verba-bench-unit-'));
  try {
    const file = join(dir, 'one-unit.tmx');
    const out = createWriteStream(file);
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en"/><body>\n');
    out.write('<tu><tuv xml:lang="en"><seg>');
    const block = 'All work and no play makes the memory grow. '.repeat(1000);
    for (let n = 0; n < mb * 1024 * 1024; n += block.length) if (!out.write(block)) await once(out, 'drain');
    out.end('</seg></tuv><tuv xml:lang="es"><seg>x</seg></tuv></tu></body></tmx>\n');
    await once(out, 'finish');
    const self = fileURLToPath(import.meta.url);
    const line = execFileSync(process.execPath, ['--import', 'tsx', self, '--read', file], {
      encoding: 'utf8',
    });
    const idle = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        'process.stdout.write(String(Math.round(process.resourceUsage().maxRSS / 1024)))',
      ],
      { encoding: 'utf8' },
    );
    process.stdout.write(`one ${mb} MB unit: ${line} (node + tsx alone: ${idle} MB)\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
