import { describe, expect, it } from 'vitest';
import { HeardChangesCache, type Loaded } from './heard-changes-cache.ts';

const HOUR = 3_600_000;

function setup(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000;
  const cache = new HeardChangesCache<string>({
    maxAgeMs: 30_000,
    maxEntries: 100,
    now: () => now,
    ...options,
  });
  const reads: string[] = [];
  const load =
    (
      key: string,
      found: Loaded<string> | null = { value: `user of ${key}`, expiresAt: new Date(now + HOUR) },
    ) =>
    async () => {
      reads.push(key);
      return found;
    };
  return { cache, reads, load, advance: (ms: number) => (now += ms), now: () => now };
}

describe('heard-changes cache', () => {
  it('keeps nothing until it is told that changes are heard', async () => {
    const { cache, reads, load } = setup();
    expect(await cache.get('a', load('a'))).toBe('user of a');
    expect(await cache.get('a', load('a'))).toBe('user of a');
    expect(reads).toEqual(['a', 'a']);
    cache.resume();
    await cache.get('a', load('a'));
    await cache.get('a', load('a'));
    expect(reads).toEqual(['a', 'a', 'a']);
  });

  it('reads the database again after any change is heard', async () => {
    const { cache, reads, load } = setup();
    cache.resume();
    await cache.get('a', load('a'));
    cache.clear();
    expect(await cache.get('a', load('a', null))).toBeNull();
    expect(reads).toEqual(['a', 'a']);
  });

  it('does not keep a session read while a change was heard (the read may predate the change)', async () => {
    const { cache, reads } = setup();
    cache.resume();
    const racing = cache.get('a', async () => {
      cache.clear(); // the revocation lands while the row is on its way
      return { value: 'stale', expiresAt: new Date(Date.now() + HOUR) };
    });
    expect(await racing).toBe('stale');
    expect(
      await cache.get('a', async () => {
        reads.push('a');
        return null;
      }),
    ).toBeNull();
    expect(reads).toEqual(['a']);
  });

  it('keeps nothing while changes may go unheard, and forgets what it had', async () => {
    const { cache, reads, load } = setup();
    cache.resume();
    await cache.get('a', load('a'));
    cache.suspend();
    await cache.get('a', load('a'));
    await cache.get('a', load('a'));
    expect(reads).toEqual(['a', 'a', 'a']);
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its expiry, nor any entry older than the longest age', async () => {
    const { cache, reads, load, advance, now } = setup({ maxAgeMs: 30_000 });
    cache.resume();
    await cache.get('short', load('short', { value: 'u', expiresAt: new Date(now() + 5_000) }));
    await cache.get('long', load('long'));
    advance(5_000);
    expect(await cache.get('short', load('short', null))).toBeNull();
    await cache.get('long', load('long'));
    expect(reads).toEqual(['short', 'long', 'short']);
    advance(25_000);
    await cache.get('long', load('long'));
    expect(reads).toEqual(['short', 'long', 'short', 'long']);
  });

  it('holds at most maxEntries sessions, dropping the oldest', async () => {
    const { cache, reads, load } = setup({ maxEntries: 2 });
    cache.resume();
    for (const key of ['a', 'b', 'c']) await cache.get(key, load(key));
    expect(cache.size).toBe(2);
    await cache.get('c', load('c'));
    await cache.get('a', load('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps a value without an end for the longest age, and counts what it answered from memory', async () => {
    const { cache, reads, load, advance } = setup({ maxAgeMs: 30_000 });
    cache.resume();
    const page = load('list', { value: 'page 1' });
    await cache.get('list', page);
    advance(29_999);
    expect(await cache.get('list', page)).toBe('page 1');
    expect(cache.counts).toEqual({ hits: 1, reads: 1 });
    advance(1);
    await cache.get('list', page);
    expect(reads).toEqual(['list', 'list']);
    expect(cache.counts).toEqual({ hits: 1, reads: 2 });
  });

  it('callers who miss the same key together share one read, unless a change came between them', async () => {
    const { cache } = setup();
    cache.resume();
    let reads = 0;
    const finish: Array<(value: string) => void> = [];
    const slow = () => {
      reads++;
      return new Promise<Loaded<string>>((resolve) => finish.push((value) => resolve({ value })));
    };
    const first = cache.get('page', slow);
    const second = cache.get('page', slow);
    expect(reads).toBe(1);
    cache.clear(); // a change: whoever asks now must not get what was read before it
    const third = cache.get('page', slow);
    expect(reads).toBe(2);
    finish[0]!('before the change');
    finish[1]!('after the change');
    expect(await first).toBe('before the change');
    expect(await second).toBe('before the change');
    expect(await third).toBe('after the change');
    expect(cache.counts).toEqual({ hits: 1, reads: 2 });
  });

  it('forgets one group only when a change names it, and keeps the others', async () => {
    const { cache, reads, load } = setup();
    cache.resume();
    await cache.get('task 1 en', load('task 1 en'), '1');
    await cache.get('task 1 es', load('task 1 es'), '1');
    await cache.get('task 2 en', load('task 2 en'), '2');
    await cache.get('list', load('list'));
    cache.forget('1');
    expect(cache.size).toBe(2);
    for (const key of ['task 1 en', 'task 1 es']) await cache.get(key, load(key), '1');
    await cache.get('task 2 en', load('task 2 en'), '2');
    await cache.get('list', load('list'));
    expect(reads).toEqual(['task 1 en', 'task 1 es', 'task 2 en', 'list', 'task 1 en', 'task 1 es']);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("a read under way is not kept (nor shared) once its group is forgotten; another group's is", async () => {
    const { cache } = setup();
    cache.resume();
    const finish: Array<(value: string) => void> = [];
    const slow = () => new Promise<Loaded<string>>((resolve) => finish.push((value) => resolve({ value })));
    const one = cache.get('task 1', slow, '1');
    const two = cache.get('task 2', slow, '2');
    cache.forget('1');
    const again = cache.get('task 1', slow, '1');
    expect(finish).toHaveLength(3);
    finish.forEach((resolve, i) => resolve(`read ${i}`));
    expect([await one, await two, await again]).toEqual(['read 0', 'read 1', 'read 2']);
    // Only the reads that began after the last change of their group were kept.
    expect(await cache.get('task 1', slow, '1')).toBe('read 2');
    expect(await cache.get('task 2', slow, '2')).toBe('read 1');
    expect(finish).toHaveLength(3);
  });

  it('an entry dropped for room leaves its group', async () => {
    const { cache, reads, load } = setup({ maxEntries: 1 });
    cache.resume();
    await cache.get('task 1', load('task 1'), '1');
    await cache.get('task 2', load('task 2'), '2');
    cache.forget('1');
    expect(await cache.get('task 2', load('task 2'), '2')).toBe('user of task 2');
    expect(reads).toEqual(['task 1', 'task 2']);
  });
});
