import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Thrown when the embedded database's folder belongs to another live process. */
export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: { pid: number; host: string; since: string },
  ) {
    super(
      `The embedded database in ${folder} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}). ` +
        'PGlite allows one process per data folder: stop that process, or give this one another DATA_DIR ' +
        '(or set DATABASE_URL to share a PostgreSQL server).',
    );
    this.name = 'FolderInUseError';
  }
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string'
      ? { pid: holder.pid, host: holder.host, since: String(holder.since ?? '') }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder for this process, or throws FolderInUseError while another live process holds
 * it: two PGlite instances on one folder each keep their own copy of the pages and overwrite each
 * other's acknowledged writes. A lock left by a process that died is taken over. A holder on
 * another host (a shared disk) is trusted, since its pid cannot be checked from here.
 * Returns the function that gives the folder back.
 */
export function lockFolder(folder: string): () => void {
  const file = path.join(folder, 'verba.lock');
  const me: Holder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return () => {
        if (readHolder(file)?.pid === me.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && (holder.host !== me.host || (holder.pid === me.pid ? true : isAlive(holder.pid)))) {
      throw new FolderInUseError(folder, holder);
    }
    // A stale lock (its process is gone) or one cut short while being written.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not lock ${folder}`);
}

/** For the processes people start (server, CLI): a held folder ends them with its message, not a stack. */
export function exitIfFolderInUse(err: unknown): never {
  if (err instanceof FolderInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
