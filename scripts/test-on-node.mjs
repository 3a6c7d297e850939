// Runs the unit and API tests (on the embedded database; `npm test` runs them on PostgreSQL too) on
// the Node.js that runs this script, after checking it is the major version asked for. CI's time
// keeps it to one database. `npm run test:node24` starts it on
// Node 24 from the npm registry's `node` package, whose binary comes from the registry too.
import { spawnSync } from 'node:child_process';

const wanted = process.argv[2];
const major = process.versions.node.split('.')[0];
if (wanted && major !== wanted) {
  console.error(`Expected Node.js ${wanted}, this is ${process.version} (${process.execPath}).`);
  process.exit(1);
}
console.log(`Unit and API tests on Node.js ${process.version} (${process.execPath})`);
const result = spawnSync('npm', ['run', 'test:embedded'], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
