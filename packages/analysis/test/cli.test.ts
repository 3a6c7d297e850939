import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verba-cli-'));
  await writeFile(
    join(dir, 'a.txt'),
    'The printer is ready.\nPress the green button.\nThe printer is ready.\n',
  );
  await writeFile(
    join(dir, 'tm.tmx'),
    '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Press the green button.</seg></tuv><tuv xml:lang="es"><seg>Pulse el botón verde.</seg></tuv></tu></body></tmx>',
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function capture(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    const code = await main(args);
    return { code, out };
  } finally {
    spy.mockRestore();
  }
}

describe('verba-analyse', () => {
  it('prints per-file bands per target, using a TMX', async () => {
    const { code, out } = await capture([
      join(dir, 'a.txt'),
      '--source',
      'en',
      '--target',
      'es,fr',
      '--tmx',
      join(dir, 'tm.tmx'),
    ]);
    expect(code).toBe(0);
    const es = out.split('\n').find((l) => l.startsWith('a.txt') && /\bes\b/.test(l)) ?? '';
    // total 12: 4 no match, 4 at 100 % (the TMX), 4 repetitions
    expect(es.trim().split(/\s+/).slice(3, 12)).toEqual(['12', '0', '4', '0', '0', '0', '0', '4', '4']);
    expect(out).toMatch(/TOTAL\s+fr\s+12/);
  });

  it('prints JSON with --json and fails with exit code 1 when a file has an error', async () => {
    await writeFile(join(dir, 'bad.xml'), '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>');
    const { code, out } = await capture([join(dir, 'a.txt'), join(dir, 'bad.xml'), '--json', '-t', 'de']);
    expect(code).toBe(1);
    const json = JSON.parse(out) as { files: { error?: { key: string } }[] };
    expect(json.files[1]?.error?.key).toBe('analysis.errors.xml_entities');
  });

  it('prints usage without files', async () => {
    const { code, out } = await capture([]);
    expect(code).toBe(2);
    expect(out).toMatch(/Usage: verba-analyse/);
  });

  it.each([
    ['missing', () => join(dir, 'nope.tmx'), /cannot use --tmx .*nope\.tmx: no such file/],
    ['a folder', () => dir, /cannot use --tmx .*: it is a folder/],
    ['not XML', () => join(dir, 'garbage.tmx'), /cannot use --tmx .*garbage\.tmx: it is not well-formed TMX/],
    [
      'entity bomb',
      () => join(dir, 'laughs.tmx'),
      /cannot use --tmx .*laughs\.tmx: it declares XML entities/,
    ],
    [
      'runaway unit',
      () => join(dir, 'long.tmx'),
      /cannot use --tmx .*long\.tmx: its unit 2 \(line 3\) is longer than 65536 characters/,
    ],
  ])('a %s --tmx file is a clear message and exit code 2, no stack trace', async (_what, path, message) => {
    await writeFile(
      join(dir, 'long.tmx'),
      `<tmx version="1.4"><header srclang="en"/><body>\n<tu><tuv xml:lang="en"><seg>Short.</seg></tuv></tu>\n<tu><tuv xml:lang="en"><seg>${'long '.repeat(14_000)}</seg></tuv></tu></body></tmx>`,
    );
    await writeFile(join(dir, 'garbage.tmx'), Buffer.from([0x50, 0x4b, 3, 4, 0xff, 0, 0x3c, 0x3c, 0x3e]));
    await writeFile(
      join(dir, 'laughs.tmx'),
      '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><tmx><body><tu><tuv xml:lang="en"><seg>&b;</seg></tuv></tu></body></tmx>',
    );
    let err = '';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      err += String(chunk);
      return true;
    });
    try {
      const { code, out } = await capture([join(dir, 'a.txt'), '--tmx', path(), '-t', 'es']);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toMatch(message);
      expect(err).not.toMatch(/\n\s+at /);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the verba-analyse command', () => {
  const packageRoot = fileURLToPath(new URL('..', import.meta.url));
  const run = promisify(execFile);

  it('runs the compiled tool (dist/cli.js)', async () => {
    await run(process.execPath, ['scripts/build.mjs'], { cwd: packageRoot });
    const { stdout } = await run(
      process.execPath,
      ['bin/verba-analyse.js', join(dir, 'a.txt'), '--target', 'es', '--json'],
      { cwd: packageRoot, env: { ...process.env, NODE_OPTIONS: '' } },
    );
    const json = JSON.parse(stdout) as { totals: { es: { total_words: number } } };
    expect(json.totals.es.total_words).toBe(12);
  });
});
