// The server's CPU profile while a bench case runs (BENCH_PROFILE=<folder>): where the event loop's
// time goes, by function, without leaving the bench. Only the main thread is profiled, which is the
// server's: the load generator runs in a worker thread.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Session, type Runtime } from 'node:inspector/promises';

const folder = process.env.BENCH_PROFILE;
let session: Session | null = null;

export async function startProfile(): Promise<void> {
  if (!folder) return;
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
  }
  await session.post('Profiler.start');
}

/** Where a function lives, shortened to the package or the repository's own path. */
function place(frame: Runtime.CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, '');
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  const file = inPackage ? inPackage[1]! : url.replace(/^.*\/(apps|packages)\//, '$1/') || '(native)';
  return `${frame.functionName || '(anonymous)'} ${file}${inPackage ? '' : `:${frame.lineNumber + 1}`}`;
}

/** Stops the profile, saves it as `<folder>/<title>.cpuprofile` (Chrome DevTools opens it) and prints the top functions by own time. */
export async function stopProfile(title: string, top = 12): Promise<void> {
  if (!folder || !session) return;
  const { profile } = await session.post('Profiler.stop');
  await mkdir(folder, { recursive: true });
  const file = join(folder, `${title.replace(/[^\w-]+/g, '_')}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  const selfTime = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const key = place(node.callFrame);
    selfTime.set(key, (selfTime.get(key) ?? 0) + (deltas[i] ?? 0));
  });
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0) || 1;
  const busy = [...selfTime.entries()].filter(([k]) => !k.startsWith('(idle)'));
  const busyTotal = busy.reduce((a, [, v]) => a + v, 0);
  console.log(
    `    profile ${file}: ${((100 * busyTotal) / total).toFixed(0)}% busy; own time of the busiest functions:`,
  );
  for (const [key, micros] of busy.sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`      ${((100 * micros) / busyTotal).toFixed(1).padStart(5)}%  ${key}`);
}
