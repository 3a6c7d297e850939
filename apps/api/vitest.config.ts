import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file builds its own app and database copy and nothing is mocked, so the files of a worker
    // share one module registry: importing the app again for every file was half the suite's time.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 2,
    // Every reply written by fast-json-stringify is compared with what zod writes (lib/serializer.ts).
    env: { VERBA_CHECK_SERIALIZER: '1' },
  },
});
