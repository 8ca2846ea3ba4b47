import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
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
    ],
  },
});
