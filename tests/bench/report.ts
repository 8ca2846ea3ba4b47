/** The one results table: every measured value, its ratio where one means something, its target and the verdict. */
import type { ApiResults } from './api.ts';
import { auctionRows } from './auction-report.ts';
import type { AuctionResults } from './auction-speed.ts';
import type { ConsoleResults } from './console.ts';
import type { EventsResult } from './events.ts';
import { FUNNEL_FILTERS, FUNNEL_VISITS_PGLITE, FUNNEL_VISITS_POSTGRES, type FunnelBenchResults } from './funnel.ts';
import { COUNT_LEADS, type LeadCountResults } from './lead-count.ts';
import { formatRatio, formatTable, formatValue } from './format.ts';
import { METRICS, type PageResult } from './lighthouse-metrics.ts';
import type { NextHeadingResult } from './next-heading.ts';
import { speedToLeadRows } from './speed-to-lead-report.ts';
import type { SpeedToLeadResults } from './speed-to-lead.ts';
import { ratio } from './stats.ts';
import type { StudioPreviewResult } from './studio-preview.ts';
import { targetCells, type Row } from './row.ts';
import { TARGETS, type Target } from './targets.ts';

export type { Row };

export interface BenchResults {
  lighthouse?: PageResult[];
  nextHeading?: NextHeadingResult;
  studioPreview?: StudioPreviewResult;
  api?: ApiResults;
  events?: EventsResult;
  speedToLead?: SpeedToLeadResults;
  auction?: AuctionResults;
  console?: ConsoleResults;
  leadCount?: LeadCountResults;
  funnel?: FunnelBenchResults;
}

/** Targets on the Lighthouse medians of '/' (the first page) and of every other first screen. */
const FIRST_PAGE_TARGETS: Partial<Record<(typeof METRICS)[number]['key'], Target>> = {
  score: TARGETS.lighthouseScore,
  tbt: TARGETS.tbt,
  cls: TARGETS.cls,
  jsBytes: TARGETS.jsTransferred,
};

function lighthouseRows(pages: readonly PageResult[], compareCount: number): Row[] {
  const rows: Row[] = [];
  const first = pages[0];
  for (const { key, label, unit } of METRICS) {
    pages.forEach((page, index) => {
      const value = page.medians[key];
      rows.push({
        metric: `${label} (median of ${page.runs.length})`,
        subject: page.page.name,
        value: formatValue(value, unit),
        ratio: index === 0 ? '' : `${formatRatio(ratio(value, first?.medians[key]))} of ${first?.page.name}`,
        ...targetCells(value, index === 0 || page.page.firstScreen ? FIRST_PAGE_TARGETS[key] : undefined),
      });
    });
  }
  const reference = compareCount > 0 ? pages[pages.length - compareCount] : undefined;
  const firstScreens = pages.filter((page, index) => index === 0 || page.page.firstScreen);
  for (const page of firstScreens) {
    const lcpRatio = reference === undefined ? undefined : ratio(page.medians.lcp, reference.medians.lcp);
    rows.push({
      metric: 'LCP against the first --compare page',
      subject:
        reference === undefined
          ? `${page.page.name}: no --compare URL given`
          : `${page.page.name} ÷ ${reference.page.name}`,
      value:
        reference === undefined
          ? 'skipped'
          : `${formatValue(page.medians.lcp, 'ms')} ÷ ${formatValue(reference.medians.lcp, 'ms')}`,
      ratio: formatRatio(lcpRatio),
      ...targetCells(lcpRatio, TARGETS.lcpVersusCompare),
    });
  }
  return rows;
}

function nextHeadingRows(result: NextHeadingResult): Row[] {
  const subject = `${result.transitions.length} transitions (${result.walks} walk${result.walks === 1 ? '' : 's'}), CPU ${result.cpuSlowdown}x`;
  return [
    {
      metric: 'Next to next heading painted, median',
      subject,
      value: formatValue(result.medianMs, 'ms'),
      ratio: '',
      ...targetCells(result.medianMs, TARGETS.nextToHeading),
    },
    {
      metric: 'Next to next heading painted, max',
      subject,
      value: formatValue(result.maxMs, 'ms'),
      ratio: '',
      target: '',
      met: '',
    },
    {
      metric: 'Next to next heading text, median',
      subject,
      value: formatValue(result.medianHeadingMs, 'ms'),
      ratio: '',
      target: '',
      met: '',
    },
  ];
}

function studioPreviewRows(result: StudioPreviewResult): Row[] {
  const subject = `${result.edits.length} edits of "Heading", v1's first step, desk`;
  const row = (metric: string, value: number | undefined): Row => ({
    metric,
    subject,
    value: formatValue(value, 'ms'),
    ratio: '',
    target: '',
    met: '',
  });
  return [
    row('Studio preview, last keystroke to preview painted, median', result.medianMs),
    {
      ...row('Studio preview, last keystroke to preview painted, p95', result.p95Ms),
      ...targetCells(result.p95Ms, TARGETS.studioPreviewP95),
    },
    row('Studio preview, last keystroke to the save sent, median', result.medianToSaveMs),
    row('Studio preview, the save, median', result.medianSaveMs),
    row('Studio preview, the frame loaded to its heading painted, median', result.medianFrameMs),
    row('Studio preview, the frame loaded to its page answered, median', result.medianFrameHtmlMs),
  ];
}

function apiRows(api: ApiResults): Row[] {
  const { measured: lookups, connections } = api.zip;
  const rows: Row[] = [
    {
      metric: `ZIP lookup, lookups/s (${connections} connections)`,
      subject: 'one server',
      value: formatValue(lookups.perSecond, 'per-second'),
      ratio: '',
      ...targetCells(lookups.perSecond, TARGETS.zipLookups),
    },
    {
      metric: 'ZIP lookup, p50 latency',
      subject: 'one server',
      value: formatValue(lookups.p50Ms, 'ms'),
      ratio: '',
      target: '',
      met: '',
    },
    {
      metric: 'ZIP lookup, p99 latency',
      subject: 'one server',
      value: formatValue(lookups.p99Ms, 'ms'),
      ratio: '',
      ...targetCells(lookups.p99Ms, TARGETS.zipP99),
    },
  ];
  const databases = [
    { name: 'PGlite', rate: TARGETS.intakePglite },
    { name: 'PostgreSQL', rate: TARGETS.intakePostgres },
  ] as const;
  for (const { name, rate } of databases) {
    const intake = api.intake.find((result) => result.database === name);
    const skipped = intake === undefined ? `skipped: ${api.postgresSkipped ?? 'not run'}` : undefined;
    const measured = intake?.measured;
    const failedCount =
      measured === undefined ? 0 : Object.values(measured.failed).reduce((sum, count) => sum + count, 0);
    const connections = intake?.connections ?? 50;
    rows.push(
      {
        metric: `Lead intake, leads/s (${connections} connections)`,
        subject: name,
        value:
          skipped ??
          `${formatValue(measured?.perSecond, 'per-second')}${failedCount > 0 ? ` (${failedCount} refused or failed)` : ''}`,
        ratio: '',
        ...targetCells(measured?.perSecond, rate),
      },
      {
        metric: 'Lead intake, p50 latency',
        subject: name,
        value: skipped ?? formatValue(measured?.p50Ms, 'ms'),
        ratio: '',
        target: '',
        met: '',
      },
      {
        metric: 'Lead intake, p99 latency',
        subject: name,
        value: skipped ?? formatValue(measured?.p99Ms, 'ms'),
        ratio: '',
        ...targetCells(measured?.p99Ms, TARGETS.intakeP99),
      },
    );
    const megabytes = (bytes: number | undefined) => (bytes === undefined ? undefined : bytes / 1_000_000);
    const rss = megabytes(intake?.peakRssBytes);
    rows.push({
      metric: 'Server RSS just after start, idle',
      subject: `server on ${name}`,
      value: skipped ?? formatValue(megabytes(intake?.startRssBytes), 'megabytes'),
      ratio: '',
      target: '',
      met: '',
    });
    rows.push({
      metric: 'Server peak RSS (VmHWM)',
      subject: `server on ${name}`,
      value: skipped ?? formatValue(rss, 'megabytes'),
      ratio: '',
      ...targetCells(rss, TARGETS.serverRss),
    });
  }
  return rows;
}

function eventsRows(result: EventsResult): Row[] {
  const { measured, paced } = result;
  const subject = `one server (PGlite), ${result.eventsPerBatch} events a beacon`;
  const pacedSubject = `${subject}, paced at ${formatValue(TARGETS.events.limit, 'per-second')}`;
  return [
    {
      metric: `Funnel events, events/s (${result.connections} connections, as fast as they can)`,
      subject,
      value: formatValue(result.eventsPerSecond, 'per-second'),
      ratio: '',
      ...targetCells(result.eventsPerSecond, TARGETS.events),
    },
    {
      metric: 'Funnel events, p99 latency as fast as they can',
      subject,
      value: formatValue(measured.p99Ms, 'ms'),
      ratio: '',
      target: '',
      met: '',
    },
    {
      metric: 'Funnel events, events/s paced',
      subject: pacedSubject,
      value: formatValue(result.pacedEventsPerSecond, 'per-second'),
      ratio: '',
      target: '',
      met: '',
    },
    {
      metric: 'Funnel events, p50 latency paced',
      subject: pacedSubject,
      value: formatValue(paced.p50Ms, 'ms'),
      ratio: '',
      target: '',
      met: '',
    },
    {
      metric: 'Funnel events, p99 latency paced',
      subject: pacedSubject,
      value: formatValue(paced.p99Ms, 'ms'),
      ratio: '',
      ...targetCells(paced.p99Ms, TARGETS.eventsP99),
    },
    ...sheddingRows(result),
  ];
}

/** Per database: batches refused at the target rate held for a minute, and the rate from which batches are refused. */
function sheddingRows(result: EventsResult): Row[] {
  return (['PGlite', 'PostgreSQL'] as const).flatMap((name): Row[] => {
    const measured = result.shedding.find(({ database }) => database === name);
    const skipped = measured === undefined ? `skipped: ${result.postgresSkipped ?? 'not run'}` : undefined;
    const sustained = measured?.sustained;
    const last = measured?.steps.at(-1) ?? sustained;
    return [
      {
        metric: 'Funnel events, batches refused at the target rate held',
        subject: `one server on ${name}, ${formatValue(TARGETS.events.limit, 'per-second')} for ${Math.round(sustained?.result.seconds ?? 60)} s`,
        value: skipped ?? formatValue(sustained?.refused, 'count'),
        ratio: '',
        ...targetCells(sustained?.refused, TARGETS.eventsRefusedSustained),
      },
      {
        metric: 'Funnel events, batches first refused at',
        subject: `one server on ${name}, the rate stepped up`,
        value:
          skipped ??
          (measured?.shedsFrom === undefined
            ? `none refused up to ${formatValue(last?.eventsPerSecond, 'per-second')}`
            : `${formatValue(measured.shedsFrom, 'per-second')} (${formatValue(last?.refused, 'count')} refused)`),
        ratio: '',
        target: '',
        met: '',
      },
    ];
  });
}

function consoleRows(results: ConsoleResults): Row[] {
  const rows: Row[] = [];
  for (const name of ['PGlite', 'PostgreSQL'] as const) {
    const measured = results.databases.find((result) => result.database === name);
    const skipped = measured === undefined ? `skipped: ${results.postgresSkipped ?? 'not run'}` : undefined;
    const leads = measured?.leads.toLocaleString('en') ?? '100,000';
    for (const [label, timing, target] of [
      ['first page', measured?.firstPage, TARGETS.consoleFirstPageP95],
      ['search by email', measured?.emailSearch, TARGETS.consoleEmailSearchP95],
    ] as const) {
      rows.push({
        metric: `Console leads, ${label}, p95 (${leads} leads)`,
        subject: name,
        value: skipped ?? formatValue(timing?.p95Ms, 'ms'),
        ratio: '',
        ...targetCells(timing?.p95Ms, target),
      });
    }
  }
  return rows;
}

function leadCountRows(results: LeadCountResults): Row[] {
  const p95 = 'measured' in results ? results.measured.count.p95Ms : undefined;
  return [
    {
      metric: `Console count of matching leads, p95 (${COUNT_LEADS.toLocaleString('en')} leads)`,
      subject: 'PostgreSQL',
      value: 'skipped' in results ? `skipped: ${results.skipped}` : formatValue(p95, 'ms'),
      ratio: '',
      ...targetCells(p95, TARGETS.consoleCountP95),
    },
  ];
}

function funnelRows(results: FunnelBenchResults): Row[] {
  const rows: Row[] = [];
  for (const [name, planned] of [
    ['PGlite', FUNNEL_VISITS_PGLITE],
    ['PostgreSQL', FUNNEL_VISITS_POSTGRES],
  ] as const) {
    const measured = results.databases.find((result) => result.database === name);
    const skipped = measured === undefined ? `skipped: ${results.postgresSkipped ?? 'not run'}` : undefined;
    const visits = (measured?.visits ?? planned).toLocaleString('en');
    for (const filter of Object.keys(FUNNEL_FILTERS) as (keyof typeof FUNNEL_FILTERS)[]) {
      const p95 = measured?.requests[filter].p95Ms;
      rows.push({
        metric: `Console funnel, filter: ${filter}, p95 (${visits} visits)`,
        subject: name,
        value: skipped ?? formatValue(p95, 'ms'),
        ratio: '',
        ...targetCells(p95, TARGETS.funnelP95),
      });
    }
  }
  return rows;
}

export function resultRows(results: BenchResults, compareCount: number): Row[] {
  return [
    ...(results.lighthouse ? lighthouseRows(results.lighthouse, compareCount) : []),
    ...(results.nextHeading ? nextHeadingRows(results.nextHeading) : []),
    ...(results.studioPreview ? studioPreviewRows(results.studioPreview) : []),
    ...(results.api ? apiRows(results.api) : []),
    ...(results.events ? eventsRows(results.events) : []),
    ...(results.speedToLead ? speedToLeadRows(results.speedToLead) : []),
    ...(results.auction ? auctionRows(results.auction) : []),
    ...(results.console ? consoleRows(results.console) : []),
    ...(results.leadCount ? leadCountRows(results.leadCount) : []),
    ...(results.funnel ? funnelRows(results.funnel) : []),
  ];
}

export function resultTable(rows: readonly Row[]): string {
  return formatTable(
    ['Metric', 'URL / scenario', 'Value', 'Ratio', 'Target', 'Met'],
    rows.map((row) => [row.metric, row.subject, row.value, row.ratio, row.target, row.met]),
    [false, false, true, true, false, false],
  );
}
