/**
 * The test buyer as a process, for end-to-end tests (a Playwright webServer):
 *   node tests/support/test-buyer-server.ts --port 3112 [--fail-first 2] [--status 500] [--secret whsec_...]
 *     [--refuse-once-from refused-once] [--bid corvane=42.5 ...] [--refuse corvane=outbid ...]
 * Leads go to any path (BUYER_URL=http://127.0.0.1:3112/leads; several buyers may each have a path of their
 * own, `/<lender>/leads`). GET /received answers what arrived as `[{ "path": "/leads", "messageId": "<webhook-id>",
 * "status": 200, "duplicate": false, "body": {...} }]` (`duplicate`: a lead it had already accepted); DELETE /received
 * forgets it. With --secret, a request whose signature does not verify is answered 401. With --refuse-once-from, a
 * lead whose email starts with that text is refused the first time it arrives (422, `"status": "rejected"`) and taken
 * when it comes again: a lead an operator has to send again. With --bid lender=usd, a ping to `/<lender>/ping` is
 * answered `{"bid": usd}` (any other ping `{"bid": null}`); with --refuse lender=text, that lender refuses every post
 * of a lead whose email starts with the text: a buyer that bids and then turns the lead down.
 */
import { parseArgs } from 'node:util';
import { startTestBuyer, type BuyerAnswer, type BuyerRequest } from './test-buyer.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3112' },
    host: { type: 'string', default: '127.0.0.1' },
    'fail-first': { type: 'string', default: '0' },
    status: { type: 'string', default: '200' },
    secret: { type: 'string' },
    'refuse-once-from': { type: 'string' },
    bid: { type: 'string', multiple: true, default: [] },
    refuse: { type: 'string', multiple: true, default: [] },
  },
});

/** `lender=value` options as a map. */
function byLender(options: string[]): Map<string, string> {
  return new Map(options.map((option) => option.split('=', 2) as [string, string]));
}

const status = Number(values.status);
const failFirst = Number(values['fail-first']);
const refusedOnce = values['refuse-once-from'];
const bids = byLender(values.bid);
const refusals = byLender(values.refuse);
const REFUSED: BuyerAnswer = { status: 422, body: { status: 'rejected', reason: 'refused for the test' } };

function answer({ path, body, earlier, index }: BuyerRequest): BuyerAnswer {
  const [, lender = '', endpoint] = path.split('/');
  if (endpoint === 'ping') {
    const bid = bids.get(lender);
    return { status: 200, body: { bid: bid === undefined ? null : Number(bid) } };
  }
  const email = String(body.email);
  const refusing = refusals.get(lender);
  if (refusing !== undefined && email.startsWith(refusing)) return REFUSED;
  if (refusedOnce !== undefined && email.startsWith(refusedOnce) && earlier === 0) return REFUSED;
  return { status: index < failFirst ? 503 : status };
}

const buyer = await startTestBuyer({
  port: Number(values.port),
  host: values.host,
  script: answer,
  ...(values.secret === undefined ? {} : { secret: values.secret }),
});
process.stdout.write(`test buyer listening: POST ${buyer.url}, GET ${new URL('/received', buyer.url).href}\n`);

const stop = () => void buyer.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
