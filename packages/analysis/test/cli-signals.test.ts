import { spawn, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/verba-analyse.js', import.meta.url));
let dir = '';
beforeAll(async () => {
  // The command runs the compiled tool: build it as `npm run build -w packages/analysis` does.
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  dir = await mkdtemp(join(tmpdir(), 'verba-cli-signals-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The analysis's scratch folders and files under `root` (tsx keeps its own cache there too). */
async function listing(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true }))
    .map(String)
    .filter((p) => p.startsWith('verba-analysis-'))
    .sort();
}

async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('verba-analyse interrupted', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    'by %s while it spools its input removes the spooled copy from TMPDIR (exit code %i)',
    async (signal, exitCode) => {
      const scratchRoot = join(dir, `tmp-${signal}`);
      await mkdir(scratchRoot);
      // A pipe the test keeps open: the command is still receiving its input, past the size kept
      // in memory, when the signal arrives.
      const fifo = join(dir, `input-${signal}.txt`);
      execFileSync('mkfifo', [fifo]);
      const child = spawn(process.execPath, [BIN, fifo, '-s', 'en', '-t', 'es'], {
        env: { ...process.env, TMPDIR: scratchRoot },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = once(child, 'exit');
      const writer = createWriteStream(fifo);
      writer.on('error', () => {}); // EPIPE once the command is gone
      const line = 'The printer prints the first page of the manual again.\n';
      writer.write(line.repeat(Math.ceil((5 * 1024 * 1024) / line.length)));
      await until(async () => (await listing(scratchRoot)).some((p) => p.includes('/')));
      expect((await listing(scratchRoot))[0]).toMatch(/^verba-analysis-/);
      child.kill(signal);
      const [code, endedBy] = (await exited) as [number | null, NodeJS.Signals | null];
      writer.destroy();
      // ended by the signal itself: a shell reports 128 + its number
      expect(code ?? 128 + constants.signals[endedBy!]).toBe(exitCode);
      expect(await listing(scratchRoot)).toEqual([]);
    },
    90_000,
  );

  it('a run that ends normally leaves TMPDIR empty too', async () => {
    const scratchRoot = join(dir, 'tmp-normal');
    await mkdir(scratchRoot);
    const input = join(dir, 'big.txt');
    const line = 'Press the green button to start the copy.\n';
    const lines = Math.ceil((5 * 1024 * 1024) / line.length);
    await new Promise<void>((resolve, reject) => {
      const w = createWriteStream(input);
      w.on('error', reject);
      w.end(line.repeat(lines), resolve);
    });
    const child = spawn(process.execPath, [BIN, input, '-t', 'es'], {
      env: { ...process.env, TMPDIR: scratchRoot },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`TOTAL\\s+es\\s+${lines * 8}\\s`));
    expect(await listing(scratchRoot)).toEqual([]);
  }, 90_000);
});
