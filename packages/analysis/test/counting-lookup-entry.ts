// The lookup thread's entry, also writing to LOOKUP_THREAD_LOG how many lookups it answered, one
// line a batch: a pool's test sees that its worker spread the lookups.
import { appendFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

const post = parentPort!.postMessage.bind(parentPort);
parentPort!.postMessage = (message: { results?: unknown[] }) => {
  appendFileSync(process.env.LOOKUP_THREAD_LOG as string, `${message.results?.length ?? 0}\n`);
  post(message);
};
await import('../src/worker/lookup-entry.ts');
