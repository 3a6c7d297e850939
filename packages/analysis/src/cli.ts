import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { bandNames } from './bands.ts';
import { analyseTask } from './task.ts';
import type { TaskResult, TargetBands } from './task.ts';
import { AnalysisError, ErrorKeys } from './errors.ts';
import { removeScratchSync } from './io.ts';
import type { InMemoryTranslationMemory } from './tm/memory.ts';

const USAGE = `Usage: verba-analyse FILES... --source en --target es,fr [--tmx memory.tmx] [--json]

Prints, per file and target language, the GMX-V word count split into match bands
(101 %, 100 %, 95–99 %, 85–94 %, 75–84 %, 50–74 %, no match, repetitions).

  --source, -s   source language (default en)
  --target, -t   comma-separated target languages (default: the --tmx target, or xx)
  --tmx          translation memory to match against (may be repeated; one per target is fine)
  --json         print the full result as JSON
  --help, -h     this text`;

const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * For the command-line process: spooled copies of the input (the scratch folders in TMPDIR) are
 * removed however it ends: normally, by an error, or by SIGINT, SIGTERM or SIGHUP, which end it at
 * once, as the signal does (the shell reports 128 + its number). The signal is raised again once the
 * folders are gone rather than calling process.exit, which waits for the thread pool: a read of a
 * pipe still open on the other side never returns, and the process would stay.
 */
export function removeScratchOnExit(): void {
  process.on('exit', removeScratchSync);
  for (const signal of ENDING_SIGNALS)
    process.once(signal, () => {
      removeScratchSync();
      // the listener is gone (once): the signal's default action ends the process
      process.kill(process.pid, signal);
    });
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        source: { type: 'string', short: 's', default: 'en' },
        target: { type: 'string', short: 't' },
        tmx: { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const source = values.source ?? 'en';
  const targets = (values.target ?? 'xx')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  let memories: Map<string, InMemoryTranslationMemory>;
  try {
    memories = await loadMemories(values.tmx ?? [], source, targets);
  } catch (err) {
    process.stderr.write(`verba-analyse: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const started = performance.now();
  const result = await analyseTask({
    files: positionals.map((p, i) => ({
      id: String(i + 1),
      name: basename(p),
      open: () => createReadStream(p),
    })),
    sourceLanguage: source,
    targetLanguages: targets,
    memory: (t) => memories.get(t),
    onProgress: (done, total) => {
      if (!values.json && process.stderr.isTTY) process.stderr.write(`\r${done}/${total} files`);
    },
  });
  if (!values.json && process.stderr.isTTY) process.stderr.write('\r');
  if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else process.stdout.write(formatTable(result, targets, performance.now() - started));
  return result.files.some((f) => f.error) ? 1 : 0;
}

const TMX_PROBLEMS: Record<string, string> = {
  [ErrorKeys.xmlEntities]: 'it declares XML entities, which are refused',
  [ErrorKeys.xmlInvalid]: 'it is not well-formed TMX (XML)',
  [ErrorKeys.aborted]: 'reading was interrupted',
};

function tmxProblem(err: AnalysisError): string {
  if (err.key !== ErrorKeys.unitTooLong) return TMX_PROBLEMS[err.key] ?? err.key;
  const { unit, line, limit } = err.params ?? {};
  return `its unit ${String(unit)} (line ${String(line)}) is longer than ${String(limit)} characters`;
}

/** The memories of the --tmx files, one per target; a file that cannot be read is a usage error. */
async function loadMemories(
  paths: string[],
  source: string,
  targets: string[],
): Promise<Map<string, InMemoryTranslationMemory>> {
  const memories = new Map<string, InMemoryTranslationMemory>();
  if (paths.length === 0) return memories;
  const [{ InMemoryTranslationMemory }, { readTmx }] = await Promise.all([
    import('./tm/memory.ts'),
    import('./tm/tmx.ts'),
  ]);
  for (const tmxPath of paths) {
    for (const target of targets) {
      const memory = memories.get(target) ?? new InMemoryTranslationMemory();
      try {
        await memory.addAll(
          readTmx(createReadStream(tmxPath), { sourceLanguage: source, targetLanguage: target }),
        );
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        const why =
          err instanceof AnalysisError
            ? tmxProblem(err)
            : code === 'ENOENT'
              ? 'no such file'
              : code === 'EISDIR'
                ? 'it is a folder'
                : code === 'EACCES'
                  ? 'permission denied'
                  : err instanceof Error
                    ? err.message
                    : String(err);
        throw new Error(`cannot use --tmx ${tmxPath}: ${why}`, { cause: err });
      }
      memories.set(target, memory);
    }
  }
  return memories;
}

const HEADERS = [
  'file',
  'target',
  'total',
  '101%',
  '100%',
  '95-99%',
  '85-94%',
  '75-84%',
  '50-74%',
  'no match',
  'reps',
  'chars',
];

function row(name: string, target: string, b: TargetBands): string[] {
  return [name, target, String(b.total_words), ...bandNames.map((n) => String(b[n])), String(b.characters)];
}

export function formatTable(result: TaskResult, targets: string[], ms: number): string {
  const rows: string[][] = [];
  for (const f of result.files) {
    if (f.error) {
      rows.push([f.name, '-', `error: ${f.error.key}`]);
      continue;
    }
    for (const t of targets) {
      const b = f.byTarget[t];
      if (b) rows.push(row(`${f.name} (${f.detectedType})`, t, b));
    }
    for (const m of f.members ?? []) {
      if (m.error) rows.push([`  ${m.path}`, '-', `error: ${m.error.key}`]);
      else
        for (const t of targets) {
          const b = m.byTarget[t];
          if (b) rows.push(row(`  ${m.path} (${m.detectedType})`, t, b));
        }
    }
  }
  for (const t of targets) {
    const b = result.totals[t];
    if (b) rows.push(row('TOTAL', t, b));
  }
  const widths = HEADERS.map((h, i) =>
    Math.max(h.length, ...rows.filter((r) => r.length > 3).map((r) => (r[i] ?? '').length)),
  );
  const fmt = (r: string[]) =>
    r.length <= 3
      ? `${(r[0] ?? '').padEnd(widths[0] ?? 0)}  ${r.slice(1).join('  ')}`
      : r.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return `${[fmt(HEADERS), ...rows.map(fmt)].join('\n')}\n(${(ms / 1000).toFixed(2)} s)\n`;
}
