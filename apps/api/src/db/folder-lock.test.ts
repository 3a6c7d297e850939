import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderInUseError, lockFolder } from './folder-lock.ts';
import { openDatabase } from './client.ts';

const folders: string[] = [];
function tempFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-lock-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A live process other than this one, to stand for a second server. */
async function withOtherProcess<T>(use: (pid: number) => Promise<T> | T): Promise<T> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    return await use(child.pid!);
  } finally {
    child.kill();
  }
}

describe('the embedded database folder lock', () => {
  it('refuses a folder held by another live process, naming it, and changes nothing', async () => {
    const dir = tempFolder();
    await withOtherProcess((pid) => {
      const holder = { pid, host: os.hostname(), since: '2026-11-24T08:00:00.000Z' };
      fs.writeFileSync(path.join(dir, 'verba.lock'), JSON.stringify(holder));
      let error: unknown;
      try {
        lockFolder(dir);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(FolderInUseError);
      expect((error as Error).message).toContain(`in use by process ${pid}`);
      expect((error as Error).message).toContain('DATA_DIR');
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'verba.lock'), 'utf8'))).toEqual(holder);
    });
  });

  it('refuses a second open in the same process, and frees the folder on release', () => {
    const dir = tempFolder();
    const release = lockFolder(dir);
    expect(() => lockFolder(dir)).toThrow(FolderInUseError);
    release();
    expect(fs.existsSync(path.join(dir, 'verba.lock'))).toBe(false);
    lockFolder(dir)();
  });

  it('takes over the lock of a process that died, and a lock file cut short', async () => {
    const dir = tempFolder();
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    fs.writeFileSync(path.join(dir, 'verba.lock'), JSON.stringify({ pid: dead.pid, host: os.hostname() }));
    lockFolder(dir)();
    fs.writeFileSync(path.join(dir, 'verba.lock'), '{"pid": 12');
    lockFolder(dir)();
  });

  it('trusts a holder on another host (a shared disk), whose pid cannot be checked here', () => {
    const dir = tempFolder();
    fs.writeFileSync(path.join(dir, 'verba.lock'), JSON.stringify({ pid: 1, host: 'elsewhere', since: '' }));
    expect(() => lockFolder(dir)).toThrow(/on elsewhere/);
  });

  it('keeps a second database open on the same data folder from starting, and lets it once the first closes', async () => {
    const dir = tempFolder();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(FolderInUseError);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    await second.close();
  });
});
