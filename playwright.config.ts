import { dirname } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';
import { SERVE_SCRIPT } from './tests/support/serve-command.ts';
import {
  ADMIN,
  APP_PORT,
  CONFIGURED_APP_PORT,
  CORVANE_BID,
  DEV_APP_PORT,
  OUTBID,
  TEST_BUYER_PORT,
  TEST_BUYER_SECRET,
  TEST_BUYER_URL,
  REFUSED_ONCE,
  ROUTING_APP_PORT,
  ROUTING_BUYER_PORT,
  ROUTING_BUYER_URL,
  ROUTING_BUYERS_FILE,
  routingBuyersFile,
  SERVER_LOG_DIR,
  SERVER_LOGS,
} from './tests/e2e/servers.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // One per core: a third worker saved 1.5 minutes but starved the pages of frames, so screens that change on a
  // timer (two-second headlines, 50 ms animations) moved on before a test could look at them.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A whole walk through the form, with its searching screen, takes about 20 s on two busy cores.
  timeout: 60_000,
  // A screen's first move loads the next steps' code; on two cores shared with three servers and a second browser
  // that has taken more than the default five seconds.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Fails the run when the app servers' logs hold anything the tests typed as the visitor.
  globalTeardown: './tests/e2e/check-server-logs.ts',
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    // The authoring aids are for marketers at a desk, and their tests share one development status file: desktop only.
    {
      name: 'phone',
      testIgnore: /authoring\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: `node tests/support/test-buyer-server.ts --port ${TEST_BUYER_PORT} --secret ${TEST_BUYER_SECRET} --refuse-once-from ${REFUSED_ONCE}`,
      url: `${TEST_BUYER_URL}/received`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    // The production build (npm test builds first) on throwaway embedded databases, delivering to the test buyer:
    // one with nothing configured (addresses typed by hand, the built-in legal pages) and one with everything
    // configured: Maps key, tag manager and lead certificate (the tests stand in for their scripts), and the
    // operator's own legal pages.
    appServer(APP_PORT, SERVER_LOGS.app, {}),
    appServer(CONFIGURED_APP_PORT, SERVER_LOGS.configuredApp, {
      GOOGLE_MAPS_API_KEY: 'AIzaEndToEndTestKey',
      GTM_ID: 'GTM-E2ETEST',
      LOAD_TRUSTED_FORM_SCRIPT: 'true',
      PRIVACY_URL: 'https://example.com/privacy',
      TERMS_URL: 'https://example.com/terms',
      DO_NOT_SELL_URL: 'https://example.com/do-not-sell',
    }),
    // The same build in development mode, where the authoring aids (problems panel, reload, preview) are served.
    appServer(DEV_APP_PORT, SERVER_LOGS.devApp, { NODE_ENV: 'development' }),
    // Routing: four buyers in a BUYERS_FILE, one at auction, one test buyer process standing for all (a path each).
    {
      command:
        `node tests/support/test-buyer-server.ts --port ${ROUTING_BUYER_PORT} --secret ${TEST_BUYER_SECRET} ` +
        `--bid corvane=${CORVANE_BID} --refuse corvane=${OUTBID}`,
      url: `${ROUTING_BUYER_URL}/received`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    appServer(
      ROUTING_APP_PORT,
      SERVER_LOGS.routingApp,
      { BUYER_URL: '', BUYER_SECRET: '', BUYERS_FILE: ROUTING_BUYERS_FILE },
      `mkdir -p ${dirname(ROUTING_BUYERS_FILE)} && printf '%s' '${routingBuyersFile()}' > ${ROUTING_BUYERS_FILE}`,
    ),
  ],
});

/** `before`: a shell command run first, such as one writing a file the settings name. */
function appServer(port: number, log: string, env: Record<string, string>, before = 'true') {
  return {
    // As `npm run serve` runs it: the server the build compiled to JavaScript. Its stdout and stderr go to its log
    // file; stderr also still reaches Playwright, which shows it when the server fails to start.
    command:
      `${before} && mkdir -p ${SERVER_LOG_DIR} && : > ${log} && ` +
      `DATA_DIR="$(mktemp -d)" DATABASE_URL= ${SERVE_SCRIPT} 2>&1 >> ${log} | tee -a ${log} >&2`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      // Node may not run TypeScript in the server or the processes it starts: production runs none.
      NODE_OPTIONS: '--no-strip-types',
      PORT: String(port),
      HOST: '127.0.0.1',
      PRODUCT_NAME: 'Fundflow Test',
      // The console's first admin (tests/e2e/console.spec.ts signs in as it).
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Signed in with the password alone: the second factor's own tests are tests/server/console/second-factor/ and
      // tests/console/second-factor.test.tsx.
      CONSOLE_MFA: 'optional',
      BUYER_URL: `${TEST_BUYER_URL}/leads`,
      BUYER_SECRET: TEST_BUYER_SECRET,
      ...env,
    },
  };
}
