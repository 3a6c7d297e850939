// A lookup thread: looks up an analysis's segments, taking each that no other thread took, in an
// index that lives in the analysis worker's shared memory (`LookupThreads`, ADR 0027).
import { parentPort } from 'node:worker_threads';
import { CandidateIndex } from '../tm/candidate-index.ts';
import type { FromLookupThread, ToLookupThread } from '../tm/lookup-threads.ts';

if (!parentPort) throw new Error('A lookup thread must run in a worker thread');
const port = parentPort;

/**
 * The index last given, kept for the next batch. One only: an index the analysis worker dropped
 * stays in memory while a thread keeps it, and an analysis of several targets, alternating their
 * indexes, only makes its scratch arrays again.
 */
let last: { key: string; index: CandidateIndex } | undefined;

port.on('message', (message: ToLookupThread) => {
  try {
    if (last?.key !== message.key) last = { key: message.key, index: new CandidateIndex(message.index) };
    const { index } = last;
    const { lookups, taken, limit, bands } = message;
    const positions: number[] = [];
    const results = [];
    for (let i = Atomics.add(taken, 0, 1); i < lookups.length; i = Atomics.add(taken, 0, 1)) {
      const { query, minScore } = lookups[i]!;
      positions.push(i);
      results.push(index.lookup(query, minScore, limit, bands));
    }
    port.postMessage({
      type: 'found',
      request: message.request,
      positions,
      results,
    } satisfies FromLookupThread);
  } catch (err) {
    port.postMessage({
      type: 'failed',
      request: message.request,
      message: err instanceof Error ? err.message : String(err),
    } satisfies FromLookupThread);
  }
});
