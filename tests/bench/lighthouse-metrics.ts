/** What the bench reads from a Lighthouse report: the metrics it compares and where bytes and time went. */
import type { Result } from 'lighthouse';
import type { Unit } from './format.ts';
import type { StoredRecord } from './stored-record.ts';

export interface PageUnderTest {
  /** Short name for the table: a path for our pages, the URL for the others. */
  name: string;
  url: string;
  /** Written to localStorage before the run (and storage not reset), so the page shows a mid-flow step. */
  stored?: () => StoredRecord;
  /**
   * A first screen a visitor lands on other than '/' (another language's, a version published from the console): the
   * first page's targets apply to it too, its LCP compared with the same reference.
   */
  firstScreen?: boolean;
}

export const METRICS = [
  { key: 'score', label: 'Performance score', unit: 'score' },
  { key: 'fcp', label: 'FCP', unit: 'ms' },
  { key: 'lcp', label: 'LCP', unit: 'ms' },
  { key: 'tbt', label: 'TBT', unit: 'ms' },
  { key: 'cls', label: 'CLS', unit: 'cls' },
  { key: 'jsBytes', label: 'JS transferred', unit: 'bytes' },
  { key: 'totalBytes', label: 'Total transferred', unit: 'bytes' },
  { key: 'requests', label: 'Requests', unit: 'count' },
  { key: 'mainThreadMs', label: 'Main-thread work', unit: 'ms' },
] as const satisfies readonly { key: string; label: string; unit: Unit }[];

export type MetricKey = (typeof METRICS)[number]['key'];
export type Metrics = Record<MetricKey, number | undefined>;

export interface LighthouseRun extends Metrics {
  round: number;
  benchmarkIndex: number | undefined;
  finalUrl: string;
}

/** Where the bytes and the main-thread time of one run went (kept for the first measured run of each page). */
export interface RunBreakdown {
  requests: { url: string; type: string; transferBytes: number }[];
  scripts: { url: string; totalMs: number; scriptingMs: number }[];
  mainThread: { group: string; ms: number }[];
}

export interface PageResult {
  page: PageUnderTest;
  runs: LighthouseRun[];
  failures: { round: number; error: string }[];
  warnings: string[];
  medians: Metrics;
  breakdown: RunBreakdown | undefined;
}

export interface LighthouseSettings {
  lighthouseVersion: string;
  formFactor: string;
  throttlingMethod: string;
  throttling: unknown;
  screenEmulation: unknown;
  userAgent: string;
}

interface Items<T> {
  items?: T[];
}

function audit(lhr: Result, id: string) {
  return lhr.audits[id];
}

function resourceSummary(lhr: Result, type: string): { transferSize: number; requestCount: number } {
  const items =
    (
      audit(lhr, 'resource-summary')?.details as
        Items<{ resourceType: string; transferSize: number; requestCount: number }> | undefined
    )?.items ?? [];
  return items.find((item) => item.resourceType === type) ?? { transferSize: 0, requestCount: 0 };
}

export function metricsOf(lhr: Result): Metrics {
  const numeric = (id: string) => audit(lhr, id)?.numericValue;
  const score = lhr.categories.performance?.score;
  return {
    score: score === null || score === undefined ? undefined : Math.round(score * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: resourceSummary(lhr, 'script').transferSize,
    totalBytes: resourceSummary(lhr, 'total').transferSize,
    requests: resourceSummary(lhr, 'total').requestCount,
    mainThreadMs: numeric('mainthread-work-breakdown'),
  };
}

export function pathOf(url: string): string {
  const parsed = URL.parse(url);
  return parsed === null ? url : `${parsed.pathname}${parsed.search}`;
}

export function breakdownOf(lhr: Result): RunBreakdown {
  const details = <T>(id: string) => (audit(lhr, id)?.details as Items<T> | undefined)?.items ?? [];
  return {
    requests: details<{ url: string; resourceType?: string; transferSize?: number }>('network-requests').map(
      (request) => ({
        url: pathOf(request.url),
        type: request.resourceType ?? 'Other',
        transferBytes: request.transferSize ?? 0,
      }),
    ),
    scripts: details<{ url: string; total: number; scripting: number }>('bootup-time').map((script) => ({
      url: pathOf(script.url),
      totalMs: Math.round(script.total),
      scriptingMs: Math.round(script.scripting),
    })),
    mainThread: details<{ groupLabel?: string; group?: string; duration: number }>('mainthread-work-breakdown').map(
      (item) => ({
        group: item.groupLabel ?? item.group ?? 'other',
        ms: Math.round(item.duration),
      }),
    ),
  };
}
