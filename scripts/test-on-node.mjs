// Runs the tests that depend on the Node.js runtime on the Node.js that runs this script, after
// checking it is the major version asked for: every unit test of the packages and the web app, and
// the API tests that reach what changes between Node versions (crypto and the bank's signatures,
// argon2 and other native modules, streams and uploads, worker threads, PGlite, PDF, Excel, XML, mail,
// start-up). They run on the embedded database; `npm test` runs all of them, and the rest of the API
// tests, on PostgreSQL too. CI's hour keeps the API list to these. `npm run test:node24` starts it
// on Node 24 from the npm registry's `node` package, whose binary comes from the registry too.
import { spawnSync } from 'node:child_process';

const API_TESTS_ON_RUNTIME = [
  'src/db/',
  'src/lib/',
  'src/plugins/',
  'src/i18n/',
  'src/config.test.ts',
  'src/modules/auth/',
  'src/modules/two-factor/',
  'src/modules/webhooks/',
  'src/modules/payments/gateway/',
  'src/modules/payments/sandbox-bank-return.test.ts',
  'src/modules/guest-quotes/',
  'src/modules/invoices/',
  'src/modules/memories/',
  'src/modules/rates/excel.test.ts',
  'src/modules/glossaries/glossaries.test.ts',
  'src/modules/tasks/tasks.test.ts',
  'src/modules/tasks/delivery/batch.test.ts',
  'src/modules/tasks/pricing/',
  'test/startup-failures.test.ts',
  'test/api-routes.test.ts',
];

const wanted = process.argv[2];
const major = process.versions.node.split('.')[0];
if (wanted && major !== wanted) {
  console.error(`Expected Node.js ${wanted}, this is ${process.version} (${process.execPath}).`);
  process.exit(1);
}
console.log(`Runtime tests on Node.js ${process.version} (${process.execPath})`);
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
const api = run(['run', 'test', '-w', 'apps/api', '--', ...API_TESTS_ON_RUNTIME]);
process.exit(packages || api);
