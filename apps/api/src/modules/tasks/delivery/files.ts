import type { Readable } from 'node:stream';
import archiver from 'archiver';
import { notFound } from '../../../lib/app-error.ts';
import type { Deps } from '../../../lib/service.ts';
import { openStored, type Storage } from '../../../plugins/storage.ts';
import * as repo from '../repository.ts';

/**
 * Reading delivered translations back: one file, or all of a task's as one zip. No access check
 * here: the client's routes (delivery.ts) and the guest's (guest.ts) check who may read first.
 */

/** A delivered file of the task and its content (404 for a file of another task), once the caller may read it. */
export async function openTranslation(deps: Deps, taskId: number, fileId: number) {
  const file = await repo.findTranslation(deps.db, taskId, fileId);
  if (!file) throw notFound();
  return { file_name: file.file_name, stream: await openStored(deps.storage, file.file_path) };
}

/** Opens every file before the answer starts, so a missing one is a clear error, not a cut download. */
async function openAll(storage: Storage, keys: string[]): Promise<Readable[]> {
  const opened: Readable[] = [];
  try {
    for (const key of keys) opened.push(await openStored(storage, key));
    return opened;
  } catch (err) {
    for (const stream of opened) stream.destroy();
    throw err;
  }
}

const extension = (name: string) => /\.[^./]+$/.exec(name)?.[0] ?? '';

/**
 * The path of each translation in the task's zip: `<language>/<name it was delivered with>` (its
 * own extension: an .xlsx source's translation delivered as .xlsx stays .xlsx), and ` (2)`, ` (3)`…
 * before the extension when a path repeats, so nothing overwrites anything on unzip. A delivered
 * file with no name of its own falls back to its source file's name.
 */
export function uniqueZipPaths(files: Array<{ iso: string; source: string; name: string }>): string[] {
  const taken = new Set<string>();
  return files.map((f) => {
    const name = f.name.split(/[\\/]/).pop()?.trim() || f.source;
    const ext = extension(name);
    const base = `${f.iso}/${name.slice(0, name.length - ext.length)}`;
    let candidate = `${base}${ext}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The zip of a task's translations (`<language>/<delivered name>`, unique), for whoever may read
 * them: the client's download above and the guest's (guest.ts). 404 when nothing is delivered.
 */
export async function zipOfTranslations(deps: Deps, task: { id: number; code: string }) {
  const files = await repo.translationsForZip(deps.db, task.id);
  if (!files.length) throw notFound();
  const sources = await openAll(
    deps.storage,
    files.map((f) => f.key),
  );
  const zip = archiver('zip', { zlib: { level: 6 } });
  const fail = (err: unknown) => {
    if (zip.destroyed) return;
    deps.log.error({ err, task: task.code }, 'the translations zip failed while streaming');
    zip.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  zip.on('error', fail);
  zip.on('close', () => sources.forEach((s) => s.destroy()));
  const paths = uniqueZipPaths(files);
  files.forEach((_f, i) => {
    const source = sources[i]!;
    source.on('error', fail);
    zip.append(source, { name: paths[i]! });
  });
  zip.finalize().catch(fail);
  return zip;
}
