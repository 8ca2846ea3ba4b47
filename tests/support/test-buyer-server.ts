/**
 * The test buyer as a process, for end-to-end tests (a Playwright webServer):
 *   node tests/support/test-buyer-server.ts --port 3112 [--fail-first 2] [--status 500] [--secret whsec_...]
 *     [--refuse-once-from refused-once]
 * Leads go to any path (BUYER_URL=http://127.0.0.1:3112/leads; several buyers may each have a path of their
 * own). GET /received answers what arrived as `[{ "path": "/leads", "messageId": "<webhook-id>", "status": 200,
 * "duplicate": false, "body": {...} }]` (`duplicate`: a lead it had already accepted); DELETE /received forgets it. With --secret, a lead whose signature does not verify is answered
 * 401. With --refuse-once-from, a lead whose email starts with that text is refused the first time it arrives (422,
 * `"status": "rejected"`) and taken when it comes again: a lead an operator has to send again.
 */
import { parseArgs } from 'node:util';
import { startTestBuyer, type BuyerScript } from './test-buyer.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3112' },
    host: { type: 'string', default: '127.0.0.1' },
    'fail-first': { type: 'string', default: '0' },
    status: { type: 'string', default: '200' },
    secret: { type: 'string' },
    'refuse-once-from': { type: 'string' },
  },
});

const status = Number(values.status);
const failFirst = Number(values['fail-first']);
const refusedOnce = values['refuse-once-from'];
const script: BuyerScript | undefined =
  refusedOnce === undefined
    ? undefined
    : ({ body, earlier, index }) => {
        if (String(body.email).startsWith(refusedOnce) && earlier === 0) {
          return { status: 422, body: { status: 'rejected', reason: 'refused for the test' } };
        }
        return { status: index < failFirst ? 503 : status };
      };

const buyer = await startTestBuyer({
  port: Number(values.port),
  host: values.host,
  failFirst,
  status,
  ...(script === undefined ? {} : { script }),
  ...(values.secret === undefined ? {} : { secret: values.secret }),
});
process.stdout.write(`test buyer listening: POST ${buyer.url}, GET ${new URL('/received', buyer.url).href}\n`);

const stop = () => void buyer.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
