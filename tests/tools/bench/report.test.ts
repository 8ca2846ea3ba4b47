import { describe, expect, it } from 'vitest';
import type { ApiResults, IntakeResult } from '../../bench/api.ts';
import { formatRatio, formatTable, formatValue } from '../../bench/format.ts';
import type { LoadResult } from '../../bench/load.ts';
import type { Metrics, PageResult } from '../../bench/lighthouse-metrics.ts';
import { resultRows } from '../../bench/report.ts';
import { describeTarget, meets, TARGETS } from '../../bench/targets.ts';

describe('targets', () => {
  it('an "at least" target is met at the limit and above', () => {
    expect(meets(98, TARGETS.lighthouseScore)).toBe('yes');
    expect(meets(97, TARGETS.lighthouseScore)).toBe('no');
  });

  it('an "at most" target is met at the limit and below', () => {
    expect(meets(100, TARGETS.tbt)).toBe('yes');
    expect(meets(100.5, TARGETS.tbt)).toBe('no');
  });

  it('a value that was not measured is skipped, never met', () => {
    expect(meets(undefined, TARGETS.tbt)).toBe('skipped');
    expect(meets(Number.NaN, TARGETS.tbt)).toBe('skipped');
  });

  it('describes itself in its unit', () => {
    expect(describeTarget(TARGETS.jsTransferred)).toBe('≤ 140.0 KB');
    expect(describeTarget(TARGETS.lcpVersusCompare)).toBe('≤ 1.10×');
    expect(describeTarget(TARGETS.zipLookups)).toBe('≥ 10,000/s');
    expect(describeTarget(TARGETS.intakePostgres)).toBe('≥ 500/s');
  });
});

describe('formatting', () => {
  it('prints values in their units, KB as 1,000 bytes', () => {
    expect(formatValue(1234.4, 'ms')).toBe('1,234 ms');
    expect(formatValue(3.25, 'ms')).toBe('3.3 ms');
    expect(formatValue(152_300, 'bytes')).toBe('152.3 KB');
    expect(formatValue(0.0123, 'cls')).toBe('0.012');
    expect(formatValue(undefined, 'ms')).toBe('n/a');
  });

  it('prints ratios with fewer decimals as they grow', () => {
    expect(formatRatio(1.234)).toBe('1.23×');
    expect(formatRatio(12.34)).toBe('12.3×');
    expect(formatRatio(123.4)).toBe('123×');
    expect(formatRatio(undefined)).toBe('—');
  });

  it('pads columns, right-aligns numeric ones and escapes pipes', () => {
    const table = formatTable(
      ['Metric', 'Value'],
      [
        ['TBT', '80 ms'],
        ['a|b', '1,200 ms'],
      ],
      [false, true],
    );
    expect(table.split('\n')).toEqual([
      '| Metric | Value    |'.replace('Value   ', '   Value'),
      '|--------|---------:|',
      '| TBT    |    80 ms |',
      '| a\\|b   | 1,200 ms |',
    ]);
  });
});

function page(name: string, medians: Partial<Metrics>): PageResult {
  const full: Metrics = {
    score: undefined,
    fcp: undefined,
    lcp: undefined,
    tbt: undefined,
    cls: undefined,
    jsBytes: undefined,
    totalBytes: undefined,
    requests: undefined,
    mainThreadMs: undefined,
    ...medians,
  };
  return {
    page: { name, url: `http://127.0.0.1:1/${name}` },
    runs: [],
    failures: [],
    warnings: [],
    medians: full,
    breakdown: undefined,
  };
}

const load = (perSecond: number, p99Ms: number): LoadResult => ({
  ok: perSecond * 10,
  failed: {},
  seconds: 10,
  perSecond,
  p50Ms: p99Ms / 4,
  p99Ms,
  maxMs: p99Ms,
});

describe('result rows', () => {
  it('judges the Lighthouse targets on the first page only', () => {
    const rows = resultRows(
      { lighthouse: [page('/', { score: 99, tbt: 150 }), page('/email', { score: 80, tbt: 20 })] },
      0,
    );
    const score = rows.filter((row) => row.metric.startsWith('Performance score'));
    expect(score.map((row) => [row.subject, row.met])).toEqual([
      ['/', 'yes'],
      ['/email', ''],
    ]);
    expect(rows.find((row) => row.metric.startsWith('TBT') && row.subject === '/')?.met).toBe('no');
    expect(score[1]?.ratio).toBe('0.81× of /');
  });

  it('compares LCP with the first --compare page, and skips that without one', () => {
    const pages = [
      page('/', { lcp: 1800 }),
      page('/email', { lcp: 1000 }),
      page('peer-a', { lcp: 1000 }),
      page('peer-b', { lcp: 3000 }),
    ];
    const row = resultRows({ lighthouse: pages }, 2).find((r) => r.metric.startsWith('LCP against'));
    expect(row).toMatchObject({ subject: '/ ÷ peer-a', ratio: '1.80×', met: 'no' });
    const none = resultRows({ lighthouse: pages.slice(0, 2) }, 0).find((r) => r.metric.startsWith('LCP against'));
    expect(none?.met).toBe('skipped');
  });

  it('judges ZIP lookups by their rate and p99, and marks PostgreSQL skipped when it was not reachable', () => {
    const intake: IntakeResult = {
      database: 'PGlite',
      connections: 50,
      warmup: load(300, 90),
      measured: load(320, 90),
      startRssBytes: 150_000_000,
      peakRssBytes: 300_000_000,
      deliveredByEnd: 0,
    };
    const api: ApiResults = {
      zip: { path: '/zip', bodyBytes: 100, connections: 50, warmup: load(9000, 30), measured: load(12_000, 25) },
      intake: [intake],
      postgresSkipped: 'PostgreSQL at 127.0.0.1:5432 is unreachable',
    };
    const rows = resultRows({ api }, 0);
    const zip = rows.filter((row) => row.metric.startsWith('ZIP lookup'));
    expect(zip.map((row) => [row.value, row.target, row.met])).toEqual([
      ['12,000/s', '≥ 10,000/s', 'yes'],
      ['6.3 ms', '', ''],
      ['25 ms', '≤ 20 ms', 'no'],
    ]);
    expect(rows.filter((row) => row.subject === 'PGlite').map((row) => row.met)).toEqual(['yes', '', 'yes']);
    const rss = rows.filter((row) => row.subject === 'server on PGlite');
    expect(rss.map((row) => [row.value, row.met])).toEqual([
      ['150 MB', ''],
      ['300 MB', 'no'],
    ]);
    const postgres = rows.filter((row) => row.subject.endsWith('PostgreSQL'));
    expect(postgres.every((row) => row.value.startsWith('skipped: PostgreSQL at 127.0.0.1:5432 is unreachable'))).toBe(
      true,
    );
    expect(postgres.filter((row) => row.target !== '').every((row) => row.met === 'skipped')).toBe(true);
  });

  it("judges the studio's preview while typing by the p95 of its edits only, its parts shown beside it", () => {
    const rows = resultRows(
      {
        studioPreview: {
          edits: [],
          medianMs: 250,
          p95Ms: 320,
          medianToSaveMs: 53,
          medianSaveMs: 150,
          medianFrameMs: 90,
          medianFrameHtmlMs: 30,
        },
      },
      0,
    );
    expect(rows.map((row) => [row.metric, row.value, row.met])).toEqual([
      ['Studio preview, last keystroke to preview painted, median', '250 ms', ''],
      ['Studio preview, last keystroke to preview painted, p95', '320 ms', 'no'],
      ['Studio preview, last keystroke to the save sent, median', '53 ms', ''],
      ['Studio preview, the save, median', '150 ms', ''],
      ['Studio preview, the frame loaded to its heading painted, median', '90 ms', ''],
      ['Studio preview, the frame loaded to its page answered, median', '30 ms', ''],
    ]);
  });

  it('judges the console list at scale by its p95 on each database, PostgreSQL skipped when unreachable', () => {
    const timed = (p95Ms: number) => ({ requests: 200, p50Ms: p95Ms / 2, p95Ms });
    const rows = resultRows(
      {
        console: {
          databases: [
            { database: 'PGlite', leads: 100_000, seedSeconds: 9, firstPage: timed(14), emailSearch: timed(120) },
          ],
          postgresSkipped: 'PostgreSQL at 127.0.0.1:5432 is unreachable',
        },
      },
      0,
    );
    expect(rows.map((row) => [row.metric, row.subject, row.value, row.met])).toEqual([
      ['Console leads, first page, p95 (100,000 leads)', 'PGlite', '14 ms', 'yes'],
      ['Console leads, search by email, p95 (100,000 leads)', 'PGlite', '120 ms', 'no'],
      [
        'Console leads, first page, p95 (100,000 leads)',
        'PostgreSQL',
        'skipped: PostgreSQL at 127.0.0.1:5432 is unreachable',
        'skipped',
      ],
      [
        'Console leads, search by email, p95 (100,000 leads)',
        'PostgreSQL',
        'skipped: PostgreSQL at 127.0.0.1:5432 is unreachable',
        'skipped',
      ],
    ]);
  });
  it("judges the console's funnel at volume by its p95 with each filter, PostgreSQL skipped when unreachable", () => {
    const timed = (p95Ms: number) => ({ requests: 100, p50Ms: p95Ms / 2, p95Ms });
    const rows = resultRows(
      {
        funnel: {
          databases: [
            {
              database: 'PGlite',
              visits: 100_000,
              events: 1_500_000,
              seedSeconds: 30,
              rebuildSeconds: 60,
              requests: { none: timed(40), 'a date range': timed(20), utm_source: timed(250), device: timed(30) },
            },
          ],
          postgresSkipped: 'PostgreSQL at 127.0.0.1:5432 is unreachable',
        },
      },
      0,
    );
    const pglite = rows.filter((row) => row.subject === 'PGlite');
    expect(pglite.map((row) => [row.metric, row.value, row.met])).toEqual([
      ['Console funnel, filter: none, p95 (100,000 visits)', '40 ms', 'yes'],
      ['Console funnel, filter: a date range, p95 (100,000 visits)', '20 ms', 'yes'],
      ['Console funnel, filter: utm_source, p95 (100,000 visits)', '250 ms', 'no'],
      ['Console funnel, filter: device, p95 (100,000 visits)', '30 ms', 'yes'],
    ]);
    const postgres = rows.filter((row) => row.subject === 'PostgreSQL');
    expect(postgres.map((row) => [row.metric, row.met])).toEqual(
      ['none', 'a date range', 'utm_source', 'device'].map((filter) => [
        `Console funnel, filter: ${filter}, p95 (1,000,000 visits)`,
        'skipped',
      ]),
    );
  });

  it("judges the funnel events by events a second at full speed and the beacons' p99 at the target rate", () => {
    const load = (perSecond: number, p50Ms: number, p99Ms: number): LoadResult => ({
      ok: perSecond * 10,
      failed: {},
      seconds: 10,
      perSecond,
      p50Ms,
      p99Ms,
      maxMs: p99Ms * 2,
    });
    const rows = resultRows(
      {
        events: {
          connections: 50,
          eventsPerBatch: 10,
          warmup: load(800, 30, 90),
          measured: load(800, 30, 90),
          eventsPerSecond: 8_000,
          paced: load(500, 3, 25),
          pacedEventsPerSecond: 5_000,
          shedding: [
            {
              database: 'PGlite',
              sustained: { eventsPerSecond: 5_000, result: load(500, 3, 25), refused: 0 },
              steps: [
                { eventsPerSecond: 5_000, result: load(500, 3, 25), refused: 0 },
                { eventsPerSecond: 7_500, result: load(700, 9, 300), refused: 412 },
              ],
              shedsFrom: 7_500,
            },
          ],
          postgresSkipped: 'PostgreSQL at 127.0.0.1:5432 is unreachable',
        },
      },
      0,
    );
    expect(rows.map((row) => [row.metric, row.value, row.target, row.met])).toEqual([
      ['Funnel events, events/s (50 connections, as fast as they can)', '8,000/s', '≥ 5,000/s', 'yes'],
      ['Funnel events, p99 latency as fast as they can', '90 ms', '', ''],
      ['Funnel events, events/s paced', '5,000/s', '', ''],
      ['Funnel events, p50 latency paced', '3.0 ms', '', ''],
      ['Funnel events, p99 latency paced', '25 ms', '≤ 20 ms', 'no'],
      ['Funnel events, batches refused at the target rate held', '0', '≤ 0', 'yes'],
      ['Funnel events, batches first refused at', '7,500/s (412 refused)', '', ''],
      [
        'Funnel events, batches refused at the target rate held',
        'skipped: PostgreSQL at 127.0.0.1:5432 is unreachable',
        '≤ 0',
        'skipped',
      ],
      ['Funnel events, batches first refused at', 'skipped: PostgreSQL at 127.0.0.1:5432 is unreachable', '', ''],
    ]);
  });

  it('judges speed to lead by the backlog rate, the paced p99 and the worst idle start; a lost lead is "not delivered"', () => {
    const latencies = (p50Ms: number, p99Ms: number, leads = 500, delivered = leads) => ({
      leads,
      delivered,
      p50Ms,
      p99Ms,
      maxMs: p99Ms,
    });
    const rows = resultRows(
      {
        speedToLead: {
          databases: [
            {
              database: 'PGlite',
              idle: { leads: 5, delivered: 5, p50Ms: 300, p99Ms: 1200, maxMs: 1200 },
              burst: { ...latencies(900, 1800), refused: 0, deliveredPerSecond: 250, acceptedPerSecond: 400 },
              paced: { ...latencies(40, Infinity, 3000, 2990), refused: 0, perSecond: 50, seconds: 60 },
              backlog: { leads: 500, delivered: 499, deliveredPerSecond: 180 },
              repeats: 0,
            },
          ],
          postgresSkipped: 'PostgreSQL at 127.0.0.1:5432 is unreachable',
        },
      },
      0,
    );
    const pglite = rows.filter((row) => row.subject.startsWith('PGlite'));
    expect(pglite.map((row) => [row.metric, row.value, row.target, row.met])).toEqual([
      [
        'Speed to lead, backlog of 500 after a restart, delivered leads/s',
        '180/s (1 of 500 not delivered)',
        '≥ 200/s',
        'no',
      ],
      ['Speed to lead, burst of 500, delivered leads/s', '250/s', '', ''],
      ["Speed to lead, burst of 500, 201 to buyer's 2xx, p50", '900 ms', '', ''],
      ["Speed to lead, burst of 500, 201 to buyer's 2xx, p99", '1,800 ms', '', ''],
      ["Speed to lead, 50 leads/s for 60 s, 201 to buyer's 2xx, p50", '40 ms', '', ''],
      [
        "Speed to lead, 50 leads/s for 60 s, 201 to buyer's 2xx, p99",
        'not delivered (10 of 3000 not delivered)',
        '≤ 2,000 ms',
        'no',
      ],
      ['Speed to lead, idle server, 201 to first attempt, median of 5', '300 ms', '', ''],
      ['Speed to lead, idle server, 201 to first attempt, worst of 5', '1,200 ms', '≤ 1,000 ms', 'no'],
    ]);
    expect(pglite[0]!.subject).toBe('PGlite, one buyer in BUYERS_FILE');
    const postgres = rows.filter((row) => row.subject === 'PostgreSQL');
    expect(postgres).toHaveLength(8);
    expect(postgres.every((row) => row.value === 'skipped: PostgreSQL at 127.0.0.1:5432 is unreachable')).toBe(true);
    expect(postgres.filter((row) => row.target !== '').map((row) => row.met)).toEqual([
      'skipped',
      'skipped',
      'skipped',
    ]);
  });
});
