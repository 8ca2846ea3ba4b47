/**
 * `npm run bench`: builds the site if needed, starts the production server (embedded PGlite) and a test buyer, then
 * measures page load (Lighthouse), step transitions (Playwright) and the API under load, prints one table against
 * the targets and writes every raw run to bench-results/latest.json. Exits 0 when it measured, even if targets were
 * missed; non-zero when it could not measure. See docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../server/platform/paths.ts';
import { runApi, type ApiResults } from './api.ts';
import { runAuction, type AuctionResults } from './auction-speed.ts';
import { cleanUpAll, cleanUpOnSignals } from './cleanup.ts';
import { runEvents, type EventsResult } from './events.ts';
import { runConsole, type ConsoleResults } from './console.ts';
import { runFunnel, type FunnelBenchResults } from './funnel.ts';
import { runLeadCount, type LeadCountResults } from './lead-count.ts';
import type { LighthouseSettings, PageResult, PageUnderTest } from './lighthouse-metrics.ts';
import { runLighthouse } from './lighthouse-runs.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { describeMachine, machineLine } from './machine.ts';
import { CPU_SLOWDOWN, runNextHeading, type NextHeadingResult } from './next-heading.ts';
import { parseOptions, USAGE, type BenchOptions, type Part } from './options.ts';
import { buildSite, say, startTestBuyerProcess, startProjectServer } from './processes.ts';
import { resultRows, resultTable, type BenchResults } from './report.ts';
import { publishBenchVersion, PUBLISHING_ADMIN_SETTINGS } from './published-version.ts';
import { peakRss } from './rss.ts';
import { runSpeedToLead, type SpeedToLeadResults } from './speed-to-lead.ts';
import { ratio } from './stats.ts';
import { MID_FLOW_PATH, storedRecord } from './stored-record.ts';
import { PREVIEW_EDITS, runStudioPreview, type StudioPreviewResult } from './studio-preview.ts';
import { TARGETS } from './targets.ts';

const CHROMIUM = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const WARMUP_ROUNDS = 1;

/** Other test or CI runs on the machine skew every timing; the bench names them rather than refusing to run. */
function otherRuns(): string[] {
  try {
    const out = execFileSync('pgrep', ['-af', 'playwright|vitest|ci-check'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith(`${process.pid} `))
      .map((line) => line.slice(0, 120));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

function ourPages(origin: string, published: string, compare: readonly string[]): PageUnderTest[] {
  return [
    { name: '/', url: `${origin}/` },
    // The Spanish first screen, its own language's pack in place of the English one: the same targets apply.
    { name: '/es (Spanish)', url: `${origin}/es`, firstScreen: true },
    { name: `${MID_FLOW_PATH} (stored answers)`, url: `${origin}${MID_FLOW_PATH}`, stored: () => storedRecord() },
    { name: `${published} (published in the console)`, url: `${origin}${published}`, firstScreen: true },
    ...compare.map((url) => ({ name: url, url })),
  ];
}

interface Output {
  date: string;
  command: string;
  options: BenchOptions;
  machine: ReturnType<typeof describeMachine>;
  otherRunsAtStart: string[];
  otherRunsAtEnd: string[];
  durationSeconds: number;
  targets: typeof TARGETS;
  lighthouse?: {
    settings: LighthouseSettings | undefined;
    warmupRounds: number;
    pages: (PageResult & { ratioToFirst: Record<string, number | undefined> })[];
  };
  nextHeading?: NextHeadingResult;
  studioPreview?: StudioPreviewResult;
  api?: ApiResults;
  events?: EventsResult;
  speedToLead?: SpeedToLeadResults;
  auction?: AuctionResults;
  console?: ConsoleResults;
  leadCount?: LeadCountResults;
  funnel?: FunnelBenchResults;
  pgliteServerPeakRssBytes?: number;
  table: ReturnType<typeof resultRows>;
}

async function bench(options: BenchOptions): Promise<boolean> {
  const started = Date.now();
  const machine = describeMachine(CHROMIUM);
  const busy = otherRuns();
  say(`Machine: ${machineLine(machine)}; load average ${machine.loadAverage.join(' ')}`);
  if (busy.length > 0) say(`WARNING: other test runs are active; timings will be skewed:\n  ${busy.join('\n  ')}`);
  say(`Parts: ${options.parts.join(', ')}`);

  const results: BenchResults = {};
  let complete = true;
  let settings: LighthouseSettings | undefined;
  let pgliteServerPeakRssBytes: number | undefined;
  // The console, lead-count and funnel parts need neither the built site nor the server: they seed databases of their
  // own.
  // Speed to lead and the auction start servers of their own, so no backlog of another part's leads stands before
  // theirs.
  const sharedServerParts: readonly Part[] = ['lighthouse', 'interaction', 'studio-preview', 'api', 'events'];
  const ownDatabaseParts: readonly Part[] = ['console', 'lead-count', 'funnel'];
  if (options.parts.some((part) => !ownDatabaseParts.includes(part))) await buildSite();
  if (options.parts.some((part) => sharedServerParts.includes(part))) {
    const buyer = await startTestBuyerProcess();
    const server = await startProjectServer('the server on PGlite', {
      buyerUrl: buyer.url,
      env: PUBLISHING_ADMIN_SETTINGS,
    });
    say(`Production server on ${server.url} (PGlite), test buyer on ${buyer.url}`);

    if (options.parts.includes('lighthouse')) {
      say('Publishing a version of v1 from the console, then waiting for its start screen drawn by the server...');
      const published = await publishBenchVersion(server.url);
      say(`Lighthouse: ${options.runs} runs per URL after ${WARMUP_ROUNDS} warm-up round, interleaved`);
      const run = await runLighthouse(ourPages(server.url, published, options.compare), {
        runs: options.runs,
        warmupRounds: WARMUP_ROUNDS,
        chromePath: CHROMIUM,
      });
      results.lighthouse = run.results;
      settings = run.settings;
      for (const page of run.results) {
        if (page.runs.length === 0) {
          complete = false;
          say(
            `Lighthouse got no valid run of ${page.page.url}: ${page.failures.map((failure) => failure.error).join('; ')}`,
          );
        }
      }
    }
    if (options.parts.includes('interaction')) {
      say(`Next to next heading: ${options.walks} walks (plus a warm-up walk), CPU ${CPU_SLOWDOWN}x slower`);
      results.nextHeading = await runNextHeading(server.url, {
        walks: options.walks,
        chromePath: CHROMIUM,
        args: CHROMIUM_ARGS,
      });
    }
    if (options.parts.includes('studio-preview')) {
      say(`The studio's preview while typing: ${PREVIEW_EDITS} edits of a step's heading (after warm-up edits)`);
      results.studioPreview = await runStudioPreview(server.url, { chromePath: CHROMIUM, args: CHROMIUM_ARGS });
    }
    if (options.parts.includes('api')) {
      say('API under load:');
      results.api = await runApi(server, buyer, options.loadSeconds);
    }
    if (options.parts.includes('events')) {
      say('Funnel events under load:');
      results.events = await runEvents(server, buyer.url, options.loadSeconds);
    }
    pgliteServerPeakRssBytes = peakRss(server.child.pid);
  }
  if (options.parts.includes('speed-to-lead')) {
    say('Speed to lead:');
    results.speedToLead = await runSpeedToLead();
  }
  if (options.parts.includes('auction')) {
    say('The auction:');
    results.auction = await runAuction();
  }
  if (options.parts.includes('console')) {
    say('Console leads at scale:');
    results.console = await runConsole();
  }
  if (options.parts.includes('lead-count')) {
    say('The count of matching leads at volume:');
    results.leadCount = await runLeadCount();
  }
  if (options.parts.includes('funnel')) {
    say('The funnel at volume:');
    results.funnel = await runFunnel();
  }
  const busyAtEnd = otherRuns();

  const rows = resultRows(results, options.compare.length);
  const durationSeconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`\n${resultTable(rows)}\n\n`);
  process.stdout.write(`Machine: ${machineLine(machine)}\n`);
  if (settings) {
    const throttling = settings.throttling as { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number };
    process.stdout.write(
      `Lighthouse ${settings.lighthouseVersion}, ${settings.formFactor}, ${settings.throttlingMethod} throttling (RTT ${throttling.rttMs} ms, ` +
        `${(throttling.throughputKbps / 1024).toFixed(1)} Mbps, CPU ${throttling.cpuSlowdownMultiplier}x)\n`,
    );
  }
  for (const page of results.lighthouse ?? []) {
    if (page.failures.length > 0)
      process.stdout.write(
        `${page.page.name}: ${page.failures.length} failed run(s): ${page.failures.map((f) => f.error).join('; ')}\n`,
      );
  }
  if (busy.length > 0 || busyAtEnd.length > 0) {
    process.stdout.write(
      `Other test runs were active (${busy.length} processes at the start, ${busyAtEnd.length} at the end): timings may be skewed.\n`,
    );
  }
  process.stdout.write(`Took ${Math.floor(durationSeconds / 60)} min ${durationSeconds % 60} s.\n`);

  const output: Output = {
    date: new Date(started).toISOString(),
    command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
    options,
    machine,
    otherRunsAtStart: busy,
    otherRunsAtEnd: busyAtEnd,
    durationSeconds,
    targets: TARGETS,
    table: rows,
  };
  if (results.lighthouse) {
    const first = results.lighthouse[0]!;
    output.lighthouse = {
      settings,
      warmupRounds: WARMUP_ROUNDS,
      pages: results.lighthouse.map((page) => ({
        ...page,
        ratioToFirst: Object.fromEntries(
          Object.entries(page.medians).map(([key, value]) => [
            key,
            ratio(value, first.medians[key as keyof typeof first.medians]),
          ]),
        ),
      })),
    };
  }
  if (results.nextHeading) output.nextHeading = results.nextHeading;
  if (results.studioPreview) output.studioPreview = results.studioPreview;
  if (results.api) output.api = results.api;
  if (results.events) output.events = results.events;
  if (results.speedToLead) output.speedToLead = results.speedToLead;
  if (results.auction) output.auction = results.auction;
  if (results.console) output.console = results.console;
  if (results.leadCount) output.leadCount = results.leadCount;
  if (results.funnel) output.funnel = results.funnel;
  if (pgliteServerPeakRssBytes !== undefined) output.pgliteServerPeakRssBytes = pgliteServerPeakRssBytes;
  const file = resolve(PROJECT_ROOT, options.json);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  process.stdout.write(`Raw runs: ${options.json}\n`);
  return complete;
}

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  cleanUpOnSignals();
  try {
    return (await bench(options)) ? 0 : 1;
  } catch (error) {
    const detail = error instanceof Error ? (error.stack ?? String(error)) : String(error);
    process.stderr.write(`\nbench failed: ${detail}\n`);
    return 1;
  } finally {
    say('Stopping the servers and removing temp folders...');
    await cleanUpAll();
  }
}

process.exitCode = await main();
