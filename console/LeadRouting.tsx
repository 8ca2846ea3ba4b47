/**
 * A lead's way through the buyers on its page: the path (each buyer considered, in order, what happened, and the price
 * of the one that took it), the bids (each buyer asked, what it was sent and what it answered), the returns buyers
 * made, and the lead.revoked events sent to the buyers that had it.
 */
import type { LeadPageResponse } from '../contracts/console.ts';
import { formatTime, formatUsd } from './format.ts';
import { buyerLabel } from './lead-outcome.ts';
import { ScrollingTable } from './ScrollingTable.tsx';

type Lead = LeadPageResponse['lead'];

export function RoutePath({ path }: { path: Lead['path'] }) {
  if (path.length === 0) return <p>No buyer has been considered for this lead yet.</p>;
  return (
    <ScrollingTable caption="Buyers considered, in order">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Buyer</th>
          <th scope="col">What happened</th>
          <th scope="col">Reason</th>
          <th scope="col">Attempts</th>
          <th scope="col">When</th>
          <th scope="col" className="console-money">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {path.map((step) => (
          <tr key={step.position}>
            <td>{step.position}</td>
            <td>{buyerLabel(step.buyer_id, step.buyer_name)}</td>
            <td>
              <span className={`console-route console-route--${step.state}`}>{step.state}</span>
            </td>
            <td>{step.reason ?? '—'}</td>
            <td>{step.attempts}</td>
            {/* A delivered step's moment is its delivery; the others', when routing decided. */}
            <td>{formatTime(step.delivered_at ?? step.decided_at, true)}</td>
            {/* What the buyer paid, on the step where it took the lead; none on the others. */}
            <td className="console-money">{formatUsd(step.price)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** Why a buyer made no bid, in words: the reason codes of docs/buyers.md's Bidding section. */
const NO_BID: Readonly<Record<string, string>> = {
  declined: 'declined',
  late: 'no answer in time',
  unreachable: 'could not be reached',
  http_status: 'answered an error status',
  not_json: 'answer not JSON',
  invalid_bid: 'bid not a number of dollars',
  above_max_bid: 'bid above the most a bid may be',
  too_large: 'answer too long',
};

/** The buyers asked for a bid, with what each was sent (nothing personal) and answered; none when no buyer bids. */
export function Bids({ pings }: { pings: Lead['pings'] }) {
  if (pings.length === 0) return null;
  return (
    <ScrollingTable caption="Bids asked for (ping)">
      <thead>
        <tr>
          <th scope="col">Buyer</th>
          <th scope="col" className="console-money">
            Bid
          </th>
          <th scope="col">Answer</th>
          <th scope="col">Took</th>
          <th scope="col">Sent</th>
        </tr>
      </thead>
      <tbody>
        {pings.map((ping) => (
          <tr key={ping.buyer_id}>
            <td>{buyerLabel(ping.buyer_id, ping.buyer_name)}</td>
            <td className="console-money">
              {ping.bid === null
                ? `no bid: ${NO_BID[ping.no_bid_reason ?? ''] ?? ping.no_bid_reason}`
                : formatUsd(ping.bid)}
            </td>
            <td>
              {ping.http_status === null ? (ping.error ?? 'no answer') : `HTTP ${ping.http_status}`}
              {ping.answer === '' ? null : (
                <>
                  {' '}
                  <code>{ping.answer}</code>
                </>
              )}
            </td>
            <td>{ping.duration_ms} ms</td>
            <td>
              <details>
                <summary>What it was sent, {formatTime(ping.pinged_at, true)}</summary>
                <pre>{JSON.stringify(ping.sent, null, 2)}</pre>
              </details>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

export function Returns({ returns }: { returns: Lead['returns'] }) {
  if (returns.length === 0) return <p>No buyer returned this lead.</p>;
  return (
    <ScrollingTable caption="Returns">
      <thead>
        <tr>
          <th scope="col">Buyer</th>
          <th scope="col">Reason</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {returns.map((entry) => (
          <tr key={entry.buyer_id}>
            <td>{buyerLabel(entry.buyer_id, entry.buyer_name)}</td>
            <td>{entry.reason}</td>
            <td>{formatTime(entry.returned_at, true)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

export function Revocations({ revocations }: { revocations: Lead['revocations'] }) {
  if (revocations.length === 0) return <p>No buyer has been told of a revocation.</p>;
  return (
    <ScrollingTable caption="Revocations sent to buyers (lead.revoked)">
      <thead>
        <tr>
          <th scope="col">Buyer</th>
          <th scope="col">Cause</th>
          <th scope="col">Sent</th>
        </tr>
      </thead>
      <tbody>
        {revocations.map((event) => (
          <tr key={event.buyer_id}>
            <td>{buyerLabel(event.buyer_id, event.buyer_name)}</td>
            <td>{event.cause}</td>
            <td>
              {event.sent_at === null
                ? `not yet (${event.attempts} ${event.attempts === 1 ? 'attempt' : 'attempts'})`
                : formatTime(event.sent_at, true)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
