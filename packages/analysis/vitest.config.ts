import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Worker pools and streamed files take seconds on a busy machine; 5 s failed them there.
    testTimeout: 60_000,
  },
});
