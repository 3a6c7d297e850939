// Runs a script on another major version of Node.js: `node scripts/on-node.mjs 24 scripts/x.mjs ...`.
// The binary is the npm registry's `node` package (its install script fetches the official build from
// the registry too), installed once into .cache/node-<major>/ rather than through `npm exec`, whose
// shared cache a concurrent or interrupted install can leave without a binary; `npm exec` then falls
// back to the Node.js on the PATH without a word. Here a missing or wrong binary is reinstalled, and
// if it still is not there the run fails saying why. Its folder goes first on the PATH, so that what
// the script starts (npm, vitest) runs on that version as well.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const [major, script, ...args] = process.argv.slice(2);
if (!/^\d+$/.test(major ?? '') || !script) {
  console.error('Usage: node scripts/on-node.mjs <major> <script> [arguments]');
  process.exit(2);
}
const prefix = path.resolve(import.meta.dirname, '..', '.cache', `node-${major}`);
const binDir = path.join(prefix, 'node_modules', 'node', 'bin');
const binary = path.join(binDir, 'node');

const versionOf = (file) => {
  if (!existsSync(file)) return null;
  const run = spawnSync(file, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
};
const isWanted = (version) => version?.startsWith(`v${major}.`) ?? false;

if (!isWanted(versionOf(binary))) {
  console.log(`Installing Node.js ${major} from the npm registry into ${prefix}`);
  rmSync(prefix, { recursive: true, force: true });
  const install = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `node@${major}`,
    ],
    { stdio: 'inherit' },
  );
  const found = versionOf(binary);
  if (install.status !== 0 || !isWanted(found)) {
    console.log(
      `Node.js ${major} could not be installed (npm exited ${install.status}; ${binary}: ${found ?? 'missing'}).`,
    );
    process.exit(1);
  }
}

const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` };
const run = spawnSync(binary, [script, ...args], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
