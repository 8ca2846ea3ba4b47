/**
 * The test lender as a process, for end-to-end tests (a Playwright webServer):
 *   node tests/support/test-lender-server.ts --port 3112 [--fail-first 2] [--status 500] [--secret whsec_...]
 * Leads go to any path (LEAD_FORWARD_URL=http://127.0.0.1:3112/leads). GET /received answers what arrived as
 * `[{ "messageId": "<webhook-id>", "status": 200, "duplicate": false, "body": {...} }]` (`duplicate`: a lead it had
 * already accepted); DELETE /received forgets it. With --secret, a lead whose signature does not verify is answered
 * 401.
 */
import { parseArgs } from 'node:util';
import { startTestLender } from './test-lender.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3112' },
    host: { type: 'string', default: '127.0.0.1' },
    'fail-first': { type: 'string', default: '0' },
    status: { type: 'string', default: '200' },
    secret: { type: 'string' },
  },
});

const lender = await startTestLender({
  port: Number(values.port),
  host: values.host,
  failFirst: Number(values['fail-first']),
  status: Number(values.status),
  ...(values.secret === undefined ? {} : { secret: values.secret }),
});
process.stdout.write(`test lender listening: POST ${lender.url}, GET ${new URL('/received', lender.url).href}\n`);

const stop = () => void lender.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
