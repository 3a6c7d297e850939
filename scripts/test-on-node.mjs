// Runs the unit and API tests (embedded database, then PostgreSQL) on the Node.js that runs this
// script, after checking it is the major version asked for. `npm run test:node24` starts it on
// Node 24 from the npm registry's `node` package, whose binary comes from the registry too.
import { spawnSync } from 'node:child_process';

const wanted = process.argv[2];
const major = process.versions.node.split('.')[0];
if (wanted && major !== wanted) {
  console.error(`Expected Node.js ${wanted}, this is ${process.version} (${process.execPath}).`);
  process.exit(1);
}
console.log(`Unit and API tests on Node.js ${process.version} (${process.execPath})`);
for (const script of ['test:embedded', 'test:postgres']) {
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
