// Runs the API tests again on PostgreSQL (each test file gets its own database on the server of
// TEST_DATABASE_URL). Without TEST_DATABASE_URL it says so and skips, except in CI where it fails.
import { spawnSync } from 'node:child_process';

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
console.log(`PostgreSQL tests on ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const result = spawnSync('npm', ['run', 'test', '-w', 'apps/api'], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
