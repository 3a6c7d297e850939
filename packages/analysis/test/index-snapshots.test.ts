import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CandidateIndex, contextHash, IndexedTranslationMemory, KeptIndexes } from '../src/index.ts';
import { rewriteAfter } from '../src/tm/indexed-memory.ts';
import { IndexSnapshots, snapshotKey, type SnapshotSettings } from '../src/tm/index-snapshots.ts';
import { DocText } from './doc-text.ts';
import { PairInList } from './pair-in-list.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-snapshots-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const settings = (over: Partial<SnapshotSettings> = {}): SnapshotSettings => ({
  dir,
  maxBytes: 64 * 1024 * 1024,
  key: 'a1b2c3',
  ...over,
});
const files = () => fs.readdirSync(dir).sort();
const empty = contextHash('');

/** A documentation-like pair: sentences, and edits of earlier ones. */
function documentation(memory: PairInList, units: number, seed = 3): DocText {
  const text = new DocText(seed, 1500);
  const sources: string[] = [];
  for (let i = 0; i < units; i++) {
    const previous = sources[text.int(Math.max(1, sources.length))];
    sources.push(previous && text.random() < 0.25 ? text.variant(previous) : text.sentence());
  }
  memory.add(...sources);
  return text;
}

/** Segments to look up: edits of units, units as they are, new sentences. */
function segmentsOf(memory: PairInList, text: DocText, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const unit = memory.units[text.int(memory.units.length)]!.source;
    return i % 3 === 0 ? text.variant(unit) : i % 3 === 1 ? unit : text.sentence();
  });
}

/** What an analysis finds for each segment, in a new IndexedTranslationMemory over `kept`. */
async function answers(memory: PairInList, kept: KeptIndexes, segments: readonly string[]) {
  const indexed = new IndexedTranslationMemory(memory, kept, undefined);
  const lookups = segments.map((text) => ({
    segment: { text, prevHash: empty, nextHash: empty },
    minScore: 50,
  }));
  return indexed.findMany(lookups, { limit: 3 });
}

/** Kept indexes as a new worker has them: none, and the snapshots on disk. */
function newWorker(over: Partial<SnapshotSettings> = {}): KeptIndexes {
  const kept = new KeptIndexes(1_000_000);
  kept.saveTo(new IndexSnapshots(settings(over)));
  return kept;
}

describe('index snapshots on disk (ADR 0027, tenth pass)', () => {
  it('reads a pair back from disk, not from the database, with every answer the same', async () => {
    const memory = new PairInList('7:en:es', 500);
    const text = documentation(memory, 3000);
    memory.addInContext('Save the report.', 'PrevHash00000000', 'NextHash00000000');
    const segments = segmentsOf(memory, text, 300);
    const first = newWorker();
    const before = await answers(memory, first, segments);
    expect(files()).toEqual([]); // written once the analysis is over, not during it
    await first.saveUnsaved();
    expect(files()).toEqual([`${Buffer.from('7:en:es').toString('base64url')}~3001-3001~a1b2c3.tmi`]);

    const pages = memory.pagesRead;
    const restarted = newWorker();
    expect(await answers(memory, restarted, segments)).toEqual(before);
    expect(memory.pagesRead).toBe(pages);
    // The context hashes came back too: in its context the unit is 101 %, and it is not written again.
    const indexed = new IndexedTranslationMemory(memory, restarted, undefined);
    const inContext = {
      text: 'Save the report.',
      prevHash: 'PrevHash00000000',
      nextHash: 'NextHash00000000',
    };
    expect(await indexed.findCandidates(inContext, { minScore: 50, limit: 1 })).toEqual([
      { source: 'Save the report.', prevHash: 'PrevHash00000000', nextHash: 'NextHash00000000' },
    ]);
    const written = fs.statSync(path.join(dir, files()[0]!)).mtimeMs;
    await restarted.saveUnsaved();
    expect(fs.statSync(path.join(dir, files()[0]!)).mtimeMs).toBe(written);
  });

  it('reads only the units added since the snapshot, and writes the pair again only once many were added', async () => {
    const memory = new PairInList('7:en:es', 500);
    const text = documentation(memory, 1200);
    const first = newWorker();
    await answers(memory, first, ['Open the file.']);
    await first.saveUnsaved();
    const name = (units: number) => `${b64('7:en:es')}~${units}-${units}~a1b2c3.tmi`;
    const more = new DocText(11, 1500);
    memory.add('Close every window before you print.', ...Array.from({ length: 50 }, () => more.sentence()));
    const segments = [...segmentsOf(memory, text, 100), 'Close every window before you print it.'];
    const fromScratch = await answers(memory, new KeptIndexes(1_000_000), segments);

    memory.cursors.length = 0;
    const restarted = newWorker();
    expect(await answers(memory, restarted, segments)).toEqual(fromScratch);
    expect(memory.cursors).toEqual([1200]);
    // 51 units added: not worth writing the whole index again (`rewriteAfter`); the snapshot stays.
    await restarted.saveUnsaved();
    expect(files()).toEqual([name(1200)]);
    memory.cursors.length = 0;
    const again = newWorker();
    expect(await answers(memory, again, segments)).toEqual(fromScratch);
    expect(memory.cursors).toEqual([1200]);

    // Once as many units were added as `rewriteAfter` says, the new version replaces the old.
    memory.add(...Array.from({ length: rewriteAfter(1200) }, () => more.sentence()));
    await answers(memory, again, ['Open the file.']);
    await again.saveUnsaved();
    expect(files()).toEqual([name(memory.units.length)]);
  });

  it('writes the index as it was when the write began, though units are added to it meanwhile', async () => {
    const memory = new PairInList('7:en:es', 500);
    const text = documentation(memory, 1500);
    const kept = newWorker();
    await answers(memory, kept, ['Open the file.']);
    const writing = kept.saveUnsaved();
    // The next analysis finds units added and reads them into the same index while the file is written.
    const more = new DocText(17, 1500);
    memory.add(...Array.from({ length: 300 }, () => more.sentence()));
    const segments = segmentsOf(memory, text, 100);
    const grown = await answers(memory, kept, segments);
    await writing;
    expect(files()).toEqual([`${b64('7:en:es')}~1500-1500~a1b2c3.tmi`]);
    memory.cursors.length = 0;
    expect(await answers(memory, newWorker(), segments)).toEqual(grown);
    expect(memory.cursors).toEqual([1500]);
  });

  it('reads the pair from the database when the snapshot is of a version it did not grow from, of another key, or damaged', async () => {
    const memory = new PairInList('7:en:es', 500);
    documentation(memory, 600);
    const first = newWorker();
    await answers(memory, first, ['Open the file.']);
    await first.saveUnsaved();
    const [file] = files();

    // Another release or database: not read (and not deleted: the sweep of that server does it).
    memory.cursors.length = 0;
    await answers(memory, newWorker({ key: 'ffff' }), ['Open the file.']);
    expect(memory.cursors[0]).toBe(0);

    // A unit removed: the pair did not only grow.
    memory.remove(memory.units[5]!.source);
    memory.cursors.length = 0;
    await answers(memory, newWorker(), ['Open the file.']);
    expect(memory.cursors[0]).toBe(0);

    // Damaged: cut short, a byte changed in its header or in its arrays. Deleted, and the pair read again.
    for (const damage of [
      (bytes: Buffer) => bytes.subarray(0, bytes.length - 100),
      (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 20), Buffer.from('}'), bytes.subarray(21)]),
      (bytes: Buffer) => {
        const changed = Buffer.from(bytes);
        changed[changed.length - 5000] = (changed[changed.length - 5000]! + 1) & 255;
        return changed;
      },
    ]) {
      const good = newWorker();
      await answers(memory, good, ['Open the file.']);
      await good.saveUnsaved();
      const name = files().find((f) => f.endsWith('.tmi'))!;
      expect(name).not.toBe(file);
      const full = path.join(dir, name);
      fs.writeFileSync(full, damage(fs.readFileSync(full)));
      memory.cursors.length = 0;
      const fresh = await answers(memory, newWorker(), ['Open the file.']);
      expect(memory.cursors[0]).toBe(0);
      expect(fresh).toEqual(await answers(memory, new KeptIndexes(1_000_000), ['Open the file.']));
      expect(files()).toEqual([]);
    }
  });

  it('keeps within its budget, the least recently read deleted first, and writes nothing larger than the budget', async () => {
    const sizes: number[] = [];
    const pairs = ['1:en:es', '1:en:ca', '1:en:de'].map((pair) => new PairInList(pair, 500));
    for (const memory of pairs) {
      documentation(memory, 800);
      const kept = newWorker();
      await answers(memory, kept, ['Open the file.']);
      await kept.saveUnsaved();
      sizes.push(
        fs.statSync(
          path.join(
            dir,
            files().find((f) => f.startsWith(b64(memory.pair)))!,
          ),
        ).size,
      );
    }
    expect(files()).toHaveLength(3);
    // es read again: ca is now the least recently read; a budget for two deletes it.
    ['1:en:es', '1:en:ca', '1:en:de'].forEach((pair, i) => {
      const file = path.join(
        dir,
        files().find((f) => f.startsWith(b64(pair)))!,
      );
      const old = new Date(Date.now() - 60_000 * (3 - i) - (pair === '1:en:ca' ? 600_000 : 0));
      fs.utimesSync(file, old, old);
    });
    await answers(pairs[0]!, newWorker(), ['Open the file.']);
    const budget = sizes[0]! + sizes[2]! + 100;
    const fourth = new PairInList('2:en:es', 500);
    fourth.add('Open the file.');
    const kept = newWorker({ maxBytes: budget });
    await answers(fourth, kept, ['Open the file.']);
    await kept.saveUnsaved();
    expect(files().map((f) => f.split('~')[0])).toEqual(
      expect.arrayContaining([b64('1:en:es'), b64('2:en:es')]),
    );
    expect(files().some((f) => f.startsWith(b64('1:en:ca')))).toBe(false);
    expect(files().reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0)).toBeLessThanOrEqual(
      budget,
    );

    const tiny = newWorker({ maxBytes: 1000 });
    const large = new PairInList('3:en:es', 500);
    documentation(large, 300);
    await answers(large, tiny, ['Open the file.']);
    await tiny.saveUnsaved();
    expect(files().some((f) => f.startsWith(b64('3:en:es')))).toBe(false);
  });

  it('sweeps the snapshots of pairs deleted or changed, of other keys, and files left half-written', async () => {
    for (const pair of ['1:en:es', '1:en:ca', '2:en:es']) {
      const memory = new PairInList(pair, 500);
      memory.add('Open the file.', 'Close the file.');
      const kept = newWorker();
      await answers(memory, kept, ['Open the file.']);
      await kept.saveUnsaved();
    }
    fs.writeFileSync(path.join(dir, `${b64('9:en:es')}~2-2~ffff.tmi`), 'another release');
    // Left by a writer that stopped an hour ago, and one being written now by another server.
    const left = path.join(dir, `${b64('1:en:es')}~2-2~a1b2c3.tmi.999999-1.tmp`);
    fs.writeFileSync(left, 'half');
    const hourAgo = new Date(Date.now() - 3600_000);
    fs.utimesSync(left, hourAgo, hourAgo);
    fs.writeFileSync(path.join(dir, `${b64('1:en:es')}~2-2~a1b2c3.tmi.999998-1.tmp`), 'being written');
    const snapshots = new IndexSnapshots(settings());
    expect(snapshots.pairs().sort()).toEqual(['1:en:ca', '1:en:es', '2:en:es']);
    const current: Record<string, string> = { '1:en:es': '2:2', '1:en:ca': '3:9' };
    expect(await snapshots.sweep(async (pair) => current[pair])).toBe(4);
    expect(files()).toEqual([
      `${b64('1:en:es')}~2-2~a1b2c3.tmi`,
      `${b64('1:en:es')}~2-2~a1b2c3.tmi.999998-1.tmp`,
    ]);
    snapshots.forget('1:en:es');
    expect(files()).toEqual([`${b64('1:en:es')}~2-2~a1b2c3.tmi.999998-1.tmp`]);
  });

  it('keys snapshots by the code that made them and the salt', () => {
    const code = path.join(dir, 'code.js');
    fs.writeFileSync(code, 'one');
    const first = snapshotKey([code], 'db-1');
    expect(snapshotKey([code], 'db-1')).toBe(first);
    expect(snapshotKey([code], 'db-2')).not.toBe(first);
    fs.writeFileSync(code, 'two');
    expect(snapshotKey([code], 'db-1')).not.toBe(first);
  });

  it('gives an index read back whole that takes more units like one built at once', () => {
    const text = new DocText(5, 800);
    const built = new CandidateIndex();
    const sources = Array.from({ length: 700 }, () => text.sentence());
    for (const s of sources.slice(0, 500)) built.add(s);
    // Copies, as a snapshot read back is: nothing shared with the index written.
    const restored = CandidateIndex.fromParts(copied(built.parts()));
    for (const s of sources.slice(500)) {
      built.add(s);
      restored.add(s);
    }
    for (let i = 0; i < 100; i++) {
      const segment = text.variant(sources[text.int(sources.length)]!);
      expect(restored.search(segment, 50, 5)).toEqual(built.search(segment, 50, 5));
    }
  });
});

function copied<T>(value: T): T {
  if (ArrayBuffer.isView(value)) return (value as unknown as Int32Array).slice() as T;
  if (Array.isArray(value)) return value.map(copied) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copied(v)])) as T;
  return value;
}

function b64(pair: string): string {
  return Buffer.from(pair).toString('base64url');
}
