/**
 * A keep-alive HTTP load generator on undici: `connections` clients, each sending its next request as soon as the
 * previous answer has been read (or, paced, at its next turn), for a fixed time. The same code drives every server it
 * is compared on.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { Pool } from 'undici';
import { percentile } from './stats.ts';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Answers with the expected status. */
  ok: number;
  /** Other answers and failed requests, by status ("error" for no answer). */
  failed: Record<string, number>;
  seconds: number;
  /** Expected answers per second. */
  perSecond: number;
  p50Ms: number | undefined;
  p99Ms: number | undefined;
  maxMs: number | undefined;
}

export interface LoadOptions {
  origin: string;
  connections: number;
  seconds: number;
  expectStatus: number;
  /** The n-th request (0, 1, 2... across all clients), so every one can differ. */
  request: (n: number) => LoadRequest;
  /**
   * Paced: each client sends one request every `paceMs`, the clients spread over that interval, so the load is
   * connections / paceMs requests a millisecond whatever the answers take. A latency then counts from the request's
   * turn, not from when a late client got to send it, so a slow answer also counts in the requests it held up.
   */
  paceMs?: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const pool = new Pool(options.origin, {
    connections: options.connections,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  let ok = 0;
  let next = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const client = async (index: number) => {
    const { paceMs } = options;
    for (let turn = 0; performance.now() < end; turn++) {
      const due = paceMs === undefined ? undefined : started + (index / options.connections + turn) * paceMs;
      if (due !== undefined && due >= end) break;
      const { method, path, headers, body } = options.request(next++);
      if (due !== undefined && due > performance.now()) await wait(due - performance.now());
      // A timer may wake a little before its time: then the request's latency counts from when it was sent.
      const sent = Math.max(due ?? 0, performance.now());
      try {
        const response = await pool.request({ method, path, headers, body });
        await response.body.dump({ limit: Number.MAX_SAFE_INTEGER });
        if (response.statusCode === options.expectStatus) {
          ok++;
          latencies.push(performance.now() - sent);
        } else {
          failed[response.statusCode] = (failed[response.statusCode] ?? 0) + 1;
        }
      } catch {
        failed.error = (failed.error ?? 0) + 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, (_, index) => client(index)));
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    ok,
    failed,
    seconds,
    perSecond: ok / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
  };
}
