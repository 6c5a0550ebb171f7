import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: renderer units in jsdom, server/tooling units in node, browser tests in real Chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['config-server/**/*.test.ts', 'tests/*.test.ts', 'schemas/**/*.test.ts'],
          testTimeout: 20000,
          globalSetup: ['tests/pg-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
});
