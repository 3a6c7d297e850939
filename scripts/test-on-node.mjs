// Runs on the Node.js that runs this script (after checking it is the major version asked for)
// what `npm run test:postgres` does not already run there: every unit test of the packages and the
// web app, and the API tests of the embedded database itself (PGlite, its folder lock, start-up).
// `test:postgres` runs every API test on Node.js 24; `npm run test:node24` starts this on Node.js 24
// too, both from the npm registry's `node` package, whose binary comes from the registry as well.
import { spawnSync } from 'node:child_process';

const API_TESTS_OF_THE_EMBEDDED_DATABASE = ['src/db/', 'src/config.test.ts', 'test/startup-failures.test.ts'];

const wanted = process.argv[2];
const major = process.versions.node.split('.')[0];
if (wanted && major !== wanted) {
  console.error(`Expected Node.js ${wanted}, this is ${process.version} (${process.execPath}).`);
  process.exit(1);
}
console.log(
  `Unit tests and the embedded database's tests on Node.js ${process.version} (${process.execPath})`,
);
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
const run = (args) => spawnSync('npm', args, { stdio: 'inherit', env }).status ?? 1;
const packages = run([
  'run',
  'test',
  '-w',
  'packages/contracts',
  '-w',
  'packages/analysis',
  '-w',
  'apps/web',
]);
const api = run(['run', 'test', '-w', 'apps/api', '--', ...API_TESTS_OF_THE_EMBEDDED_DATABASE]);
process.exit(packages || api);
