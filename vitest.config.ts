import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/docs/**/*.test.ts'],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      { test: { name: 'flows', environment: 'node', include: ['tests/flows/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          fileParallelism: false,
          globalSetup: ['tests/server/pglite-template.ts'],
        },
      },
      {
        // Minutes-long fault tests (crashes, lender outages, several servers): `npm run test:faults`. Two files at a
        // time: the server killed mid-delivery spends most of its two minutes waiting for a retry.
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          maxWorkers: 2,
          globalSetup: ['tests/server/pglite-template.ts', 'tests/faults/compiled-server.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
