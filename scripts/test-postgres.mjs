// Runs the API tests again on PostgreSQL (each test file gets its own database on the server of
// TEST_DATABASE_URL), on the Node.js that runs this script after checking it is the major version
// asked for: `npm run test:postgres` starts it on Node.js 24 from the npm registry's `node` package,
// so every API test runs on Node 24 (here, on PostgreSQL) and on the Node that runs npm (the
// embedded database, `test:embedded`). Without TEST_DATABASE_URL it says so and skips, except in CI
// where it fails.
import { spawnSync } from 'node:child_process';

const wanted = process.argv[2];
const major = process.versions.node.split('.')[0];
if (wanted && major !== wanted) {
  console.error(`Expected Node.js ${wanted}, this is ${process.version} (${process.execPath}).`);
  process.exit(1);
}

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  const message =
    'PostgreSQL tests: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)';
  if (process.env.CI) {
    console.error(`${message}; CI requires them.`);
    process.exit(1);
  }
  console.log(`${message}; skipped.`);
  process.exit(0);
}
console.log(`PostgreSQL tests on ${url.replace(/\/\/[^@]*@/, '//***@')}, Node.js ${process.version}`);
const result = spawnSync('npm', ['run', 'test', '-w', 'apps/api'], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
