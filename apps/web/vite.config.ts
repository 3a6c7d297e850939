import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The shared contracts and zod are pure declarations: let unused schemas drop out of the
        // sign-in bundle (the contracts package does not declare "sideEffects": false itself).
        moduleSideEffects: (id: string) =>
          !/[\\/](packages[\\/]contracts|node_modules[\\/]zod)[\\/]/.test(id),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // jsdom renders of whole screens take seconds on a busy machine; 5 s failed them there
    testTimeout: 20_000,
  },
});
