import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 2,
    // Every reply written by fast-json-stringify is compared with what zod writes (lib/serializer.ts).
    env: { VERBA_CHECK_SERIALIZER: '1' },
  },
});
