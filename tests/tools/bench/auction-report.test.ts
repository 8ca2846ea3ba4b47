import { describe, expect, it } from 'vitest';
import type { AuctionResult } from '../../bench/auction-speed.ts';
import { resultRows } from '../../bench/report.ts';

const pglite: AuctionResult = {
  database: 'PGlite',
  leads: 3000,
  delivered: 2998,
  refused: 0,
  toWinner: { p50Ms: 240, p99Ms: Infinity, maxMs: Infinity },
  toWinnerP50BySlice: [230, 240, 250, 240, 235, 245],
  toFirstPing: { p50Ms: 12, p99Ms: 60, maxMs: 90 },
  intake: { p50Ms: 4, p99Ms: 30, maxMs: 80 },
  pings: 13_000,
  check: { checked: 2998, soldToHighest: 2995, unpriced: 0, examples: [] },
  wins: { quillmont: 750, vantorra: 748, elmsbrook: 750, corvane: 750 },
  soldTwice: 0,
  repeats: 0,
};

const cells = (rows: ReturnType<typeof resultRows>) => rows.map((row) => [row.metric, row.value, row.target, row.met]);

describe('the auction rows', () => {
  it('judge the p99 to the winner, intake meanwhile, and every lead sold once to the highest bid', () => {
    const rows = resultRows({ auction: { databases: [pglite], postgresSkipped: 'PostgreSQL is unreachable' } }, 0);
    const metric = 'Auction, 50 leads/s for 60 s';
    expect(cells(rows.filter((row) => row.subject.startsWith('PGlite')))).toEqual([
      [`${metric}, 201 to the winner's 2xx, p50`, '240 ms', '', ''],
      [`${metric}, 201 to the winner's 2xx, p99`, 'not delivered (2 of 3000 not delivered)', '≤ 1,500 ms', 'no'],
      [`${metric}, 201 to the winner's 2xx, max`, 'not delivered', '', ''],
      [`${metric}, 201 to the first ping, p50 / p99`, '12 ms / 60 ms', '', ''],
      [`${metric}, lead intake's 201, p50`, '4.0 ms', '', ''],
      [`${metric}, lead intake's 201, p99`, '30 ms', '≤ 100 ms', 'yes'],
      [`${metric}, leads not sold to the highest bid at its price`, '3 of 2,998', '≤ 0', 'no'],
      [`${metric}, leads sold to two buyers`, '0', '≤ 0', 'yes'],
    ]);
    expect(rows[0]!.subject).toBe('PGlite, 4 buyers bidding within 200 ms');
    const postgres = rows.filter((row) => row.subject === 'PostgreSQL');
    expect(postgres).toHaveLength(8);
    expect(postgres.every((row) => row.value === 'skipped: PostgreSQL is unreachable')).toBe(true);
    expect(postgres.filter((row) => row.target !== '').every((row) => row.met === 'skipped')).toBe(true);
  });

  it('say so when no buyer was pinged, judging no sale', () => {
    const byPriority = { ...pglite, pings: 0, check: { ...pglite.check, soldToHighest: 0, unpriced: 2998 } };
    const rows = resultRows({ auction: { databases: [byPriority], postgresSkipped: undefined } }, 0);
    const sale = rows.find((row) => row.metric.endsWith('not sold to the highest bid at its price'))!;
    expect([sale.value, sale.met]).toEqual(['no buyer was pinged: sold by priority', 'skipped']);
  });
});
