import { defineConfig } from 'vitest/config';

// Tests run where the code they test runs: jsdom for the pages (contracts, engine, widgets, site, console), node for the tooling and the
// server. Some sit in a folder of the other kind: the flow checks and the resolving of versions that extend another,
// which the build and `npm run flows:check` run in node, and the development page's script (server/dev/client.ts),
// which runs in the browser.
const NODE_TESTS_OF_THE_PAGE_FOLDERS = ['tests/engine/flow/checks.test.ts', 'tests/engine/flow/overlay.test.ts'];
const PAGE_TESTS_OF_THE_SERVER_FOLDER = ['tests/server/dev/client.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'tests/{contracts,engine,widgets,site,console}/**/*.test.{ts,tsx}',
            ...PAGE_TESTS_OF_THE_SERVER_FOLDER,
          ],
          exclude: NODE_TESTS_OF_THE_PAGE_FOLDERS,
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'tools',
          environment: 'node',
          include: ['tests/{tools,docs}/**/*.test.{ts,tsx}', ...NODE_TESTS_OF_THE_PAGE_FOLDERS],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: PAGE_TESTS_OF_THE_SERVER_FOLDER,
          fileParallelism: false,
          globalSetup: ['tests/support/pglite-template.ts'],
        },
      },
      {
        // Minutes-long fault tests (crashes, buyer outages, several servers): `npm run test:faults`. Two files at a
        // time: the server killed mid-delivery spends most of its two minutes waiting for a retry.
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          maxWorkers: 2,
          globalSetup: ['tests/support/pglite-template.ts', 'tests/faults/compiled-server.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
