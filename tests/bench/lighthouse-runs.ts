/**
 * Lighthouse, as the peers' harness runs it: default config (mobile, simulated throttling), performance only, a fresh
 * Chromium with a fresh profile per run, URLs interleaved round-robin after one discarded warm-up round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '../support/chromium.ts';
import { onCleanup } from './cleanup.ts';
import { say } from './processes.ts';
import { median } from './stats.ts';
import { seedLocalStorage } from './seed-storage.ts';
import {
  breakdownOf,
  METRICS,
  metricsOf,
  pathOf,
  type LighthouseSettings,
  type Metrics,
  type PageResult,
  type PageUnderTest,
} from './lighthouse-metrics.ts';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** One Lighthouse run in a fresh Chromium and profile; both are gone when it returns (or on Ctrl-C). */
async function runOnce(page: PageUnderTest, chromePath: string): Promise<Result> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'fundflow-bench-lh-'));
  const removeDir = onCleanup(`Lighthouse profile ${userDataDir}`, () =>
    rmSync(userDataDir, { recursive: true, force: true }),
  );
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const killChrome = onCleanup('Chromium for Lighthouse', () => chrome?.kill());
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      logLevel: 'silent',
      handleSIGINT: false,
    });
    if (page.stored) await seedLocalStorage(chrome.port, page.url, page.stored());
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: page.stored !== undefined,
    };
    const result = await lighthouse(page.url, flags);
    if (!result?.lhr) throw new Error('Lighthouse returned no report');
    return result.lhr;
  } finally {
    await killChrome();
    await removeDir();
  }
}

/** Checks every URL answers before spending minutes on runs. */
async function checkReachable(pages: readonly PageUnderTest[]): Promise<void> {
  for (const page of pages) {
    try {
      const response = await fetch(page.url, {
        headers: { 'accept-encoding': 'br, gzip' },
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      throw new Error(`${page.url} does not answer (${(error as Error).message}); start that server first`, {
        cause: error,
      });
    }
  }
}

export async function runLighthouse(
  pages: readonly PageUnderTest[],
  options: { runs: number; warmupRounds: number; chromePath: string },
): Promise<{ results: PageResult[]; settings: LighthouseSettings | undefined }> {
  await checkReachable(pages);
  const results: PageResult[] = pages.map((page) => ({
    page,
    runs: [],
    failures: [],
    warnings: [],
    medians: {} as Metrics,
    breakdown: undefined,
  }));
  let settings: LighthouseSettings | undefined;
  const total = (options.warmupRounds + options.runs) * pages.length;
  let done = 0;
  for (let round = -options.warmupRounds; round < options.runs; round++) {
    for (const result of results) {
      done++;
      const tag = round < 0 ? 'warm-up' : `run ${round + 1}/${options.runs}`;
      const started = Date.now();
      let lhr: Result;
      try {
        lhr = await runOnce(result.page, options.chromePath);
      } catch (error) {
        say(`  [${done}/${total}] ${result.page.name} ${tag}: FAILED: ${(error as Error).message}`);
        result.failures.push({ round: round + 1, error: (error as Error).message });
        continue;
      }
      if (lhr.runtimeError) {
        say(`  [${done}/${total}] ${result.page.name} ${tag}: Lighthouse error ${lhr.runtimeError.code}`);
        result.failures.push({ round: round + 1, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` });
        continue;
      }
      const finalUrl = lhr.finalDisplayedUrl;
      if (result.page.stored && pathOf(finalUrl) !== pathOf(result.page.url)) {
        say(
          `  [${done}/${total}] ${result.page.name} ${tag}: the page showed ${pathOf(finalUrl)}, not the stored step`,
        );
        result.failures.push({
          round: round + 1,
          error: `the page moved to ${pathOf(finalUrl)} instead of showing the stored step`,
        });
        continue;
      }
      for (const warning of lhr.runWarnings)
        if (!result.warnings.includes(String(warning))) result.warnings.push(String(warning));
      settings ??= {
        lighthouseVersion: lhr.lighthouseVersion,
        formFactor: lhr.configSettings.formFactor,
        throttlingMethod: lhr.configSettings.throttlingMethod,
        throttling: lhr.configSettings.throttling,
        screenEmulation: lhr.configSettings.screenEmulation,
        userAgent: lhr.environment.hostUserAgent,
      };
      const metrics = metricsOf(lhr);
      say(
        `  [${done}/${total}] ${result.page.name} ${tag}: score ${metrics.score}, LCP ${Math.round(metrics.lcp ?? 0)} ms, ` +
          `TBT ${Math.round(metrics.tbt ?? 0)} ms (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      if (round < 0) continue;
      result.breakdown ??= breakdownOf(lhr);
      result.runs.push({ round: round + 1, benchmarkIndex: lhr.environment.benchmarkIndex, finalUrl, ...metrics });
    }
  }
  for (const result of results) {
    result.medians = Object.fromEntries(
      METRICS.map(({ key }) => [
        key,
        median(result.runs.map((run) => run[key]).filter((value): value is number => value !== undefined)),
      ]),
    ) as Metrics;
  }
  return { results, settings };
}
