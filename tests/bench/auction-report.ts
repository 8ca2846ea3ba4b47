/** The auction's rows of the results table, per database: its speed, intake's meanwhile, and whether it sold right. */
import {
  AUCTION_BIDDERS,
  AUCTION_PER_SECOND,
  AUCTION_SECONDS,
  type AuctionResult,
  type AuctionResults,
} from './auction-speed.ts';
import { MAX_PING_DELAY_MS } from './bidding-buyer.ts';
import { formatValue } from './format.ts';
import { targetCells, type Row } from './row.ts';
import { TARGETS, type Target } from './targets.ts';

/** A latency; a lead that never reached a buyer is an infinite one. */
function latency(value: number | undefined): string {
  return value === Infinity ? 'not delivered' : formatValue(value, 'ms');
}

function row(metric: string, subject: string, value: string, measured?: number, target?: Target): Row {
  return { metric, subject, value, ratio: '', ...targetCells(measured, target) };
}

/** Leads that did not go to the highest bid at its price; undefined when no buyer was pinged (no auction ran). */
function misSold(result: AuctionResult): number | undefined {
  return result.pings === 0 ? undefined : result.check.checked - result.check.soldToHighest;
}

function databaseRows(name: AuctionResult['database'], result: AuctionResult | undefined, skipped: string): Row[] {
  const subject =
    result === undefined ? name : `${name}, ${AUCTION_BIDDERS} buyers bidding within ${MAX_PING_DELAY_MS} ms`;
  const value = (text: () => string) => (result === undefined ? `skipped: ${skipped}` : text());
  const metric = `Auction, ${AUCTION_PER_SECOND} leads/s for ${AUCTION_SECONDS} s`;
  const lost = result === undefined ? 0 : result.leads - result.delivered;
  const missing = lost === 0 ? '' : ` (${lost} of ${result!.leads} not delivered)`;
  const wrong = result === undefined ? undefined : misSold(result);
  return [
    row(
      `${metric}, 201 to the winner's 2xx, p50`,
      subject,
      value(() => latency(result!.toWinner.p50Ms)),
    ),
    row(
      `${metric}, 201 to the winner's 2xx, p99`,
      subject,
      value(() => `${latency(result!.toWinner.p99Ms)}${missing}`),
      result?.toWinner.p99Ms,
      TARGETS.auctionP99,
    ),
    row(
      `${metric}, 201 to the winner's 2xx, max`,
      subject,
      value(() => latency(result!.toWinner.maxMs)),
    ),
    row(
      `${metric}, 201 to the first ping, p50 / p99`,
      subject,
      value(() =>
        result!.pings === 0
          ? 'no buyer was pinged'
          : `${formatValue(result!.toFirstPing.p50Ms, 'ms')} / ${formatValue(result!.toFirstPing.p99Ms, 'ms')}`,
      ),
    ),
    row(
      `${metric}, lead intake's 201, p50`,
      subject,
      value(() => formatValue(result!.intake.p50Ms, 'ms')),
    ),
    row(
      `${metric}, lead intake's 201, p99`,
      subject,
      value(
        () => `${formatValue(result!.intake.p99Ms, 'ms')}${result!.refused > 0 ? ` (${result!.refused} refused)` : ''}`,
      ),
      result?.intake.p99Ms,
      TARGETS.intakeP99,
    ),
    row(
      `${metric}, leads not sold to the highest bid at its price`,
      subject,
      value(() =>
        wrong === undefined
          ? 'no buyer was pinged: sold by priority'
          : `${formatValue(wrong, 'count')} of ${formatValue(result!.check.checked, 'count')}`,
      ),
      wrong,
      TARGETS.auctionMisSold,
    ),
    row(
      `${metric}, leads sold to two buyers`,
      subject,
      value(() => formatValue(result!.soldTwice, 'count')),
      result?.soldTwice,
      TARGETS.auctionMisSold,
    ),
  ];
}

export function auctionRows(results: AuctionResults): Row[] {
  return (['PGlite', 'PostgreSQL'] as const).flatMap((name) =>
    databaseRows(
      name,
      results.databases.find((result) => result.database === name),
      results.postgresSkipped ?? 'not run',
    ),
  );
}
