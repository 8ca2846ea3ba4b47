/**
 * A real buyer endpoint on a local port (node:http) for delivery tests: it records every POST, answers as scripted
 * (a status with headers such as Retry-After, a redirect, an explicit rejection, a hang, a dropped connection) and,
 * like a buyer should, dedupes on webhook-id: a lead it already accepted is answered 2xx again but not counted
 * again. `GET /received` lists what arrived (`[{ path, messageId, status, duplicate, body }]`) and `DELETE /received`
 * forgets it, for tests that run it as a separate process (tests/support/test-buyer-server.ts).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from './webhook-verify.ts';

export interface ReceivedLead {
  /** The path it was posted to: one test buyer process can stand for several buyers, one path each. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** The exact bytes received, as text (what a signature is computed over). */
  raw: string;
  /** The status the buyer answered with; 0 when it hung or dropped the connection. */
  status: number;
  /** A 2xx answer for a webhook-id the buyer had already accepted: not a new lead. */
  duplicate: boolean;
}

/** How to answer one request. */
export type BuyerAnswer =
  | {
      status: number;
      headers?: Record<string, string>;
      /** The JSON body; default `{ "ok": <2xx> }`. */
      body?: unknown;
      /** Answer this many milliseconds after the request arrived: a slow buyer. A 2xx counts once answered. */
      delayMs?: number;
    }
  /**
   * Never answer: the request waits until the client gives up or the buyer closes. With `accept`, the buyer stores
   * the lead first, as one whose answer is lost on the way.
   */
  | { hang: true; accept?: boolean }
  /** Close the connection without an answer. */
  | { drop: true };

/**
 * What a script sees of a request: its path, its message id, its lead, and how many requests with that id came
 * before it.
 */
export interface BuyerRequest {
  /** Where it was posted: one test buyer can stand for several buyers, a path each. */
  path: string;
  messageId: string;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** 0 for the first request with this id. */
  earlier: number;
  /** How many requests came before it, whatever their id. */
  index: number;
}

export type BuyerScript = (request: BuyerRequest) => BuyerAnswer;

export interface TestBuyerOptions {
  /** Answer the first n requests with 503. Default 0. */
  failFirst?: number;
  /** The status of every other answer; a non-2xx status makes a buyer that always fails. Default 200. */
  status?: number;
  /** Answers every request as told instead (failFirst and status are then ignored); `script()` changes it later. */
  script?: BuyerScript;
  /** Default: any free port. */
  port?: number;
  /** Default: 127.0.0.1. */
  host?: string;
  /**
   * BUYER_SECRET's secret: a POST whose Standard Webhooks signature does not verify with it is answered 401,
   * as a buyer that checks signatures answers. Default: none, every POST is taken.
   */
  secret?: string;
}

export interface TestBuyer {
  /** Where to POST leads (BUYER_URL). */
  url: string;
  /** Every request, in arrival order, failed and duplicate ones included. */
  received: ReceivedLead[];
  /** The leads accepted, once each: the first 2xx answer per webhook-id, in order. */
  accepted(): ReceivedLead[];
  /** Resolves with `received` once it holds n requests; rejects after timeoutMs (default 10 s). */
  waitForLeads(n: number, timeoutMs?: number): Promise<ReceivedLead[]>;
  /** Resolves once `condition` holds, checked at each request; rejects with `what` after timeoutMs (default 10 s). */
  waitUntil(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Answers from now on as `script` says. */
  script(script: BuyerScript): void;
  /** Forgets what was received (and restarts the failFirst count). */
  reset(): void;
  close(): Promise<void>;
}

function answerWith(response: ServerResponse, answer: Extract<BuyerAnswer, { status: number }>) {
  const body = answer.body ?? { ok: answer.status >= 200 && answer.status < 300 };
  response
    .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
    .end(JSON.stringify(body));
}

export async function startTestBuyer(options: TestBuyerOptions = {}): Promise<TestBuyer> {
  const { failFirst = 0, status = 200, port = 0, host = '127.0.0.1', secret } = options;
  const received: ReceivedLead[] = [];
  const countById = new Map<string, number>();
  const acceptedIds = new Set<string>();
  const acceptedLeads: ReceivedLead[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const check of waiters) check();
  };
  const byStatus: BuyerScript = ({ index }) => ({ status: index < failFirst ? 503 : status });
  let script = options.script ?? byStatus;
  const reset = () => {
    received.length = 0;
    countById.clear();
    acceptedIds.clear();
    acceptedLeads.length = 0;
  };

  const server = createServer((request, response) => {
    if (request.url === '/received' && request.method === 'GET') {
      const list = received.map((lead) => ({
        path: lead.path,
        messageId: lead.headers['webhook-id'],
        status: lead.status,
        duplicate: lead.duplicate,
        body: lead.body,
      }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
      return;
    }
    if (request.url === '/received' && request.method === 'DELETE') {
      reset();
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        response.writeHead(400).end();
        return;
      }
      const messageId = String(request.headers['webhook-id'] ?? '');
      const earlier = countById.get(messageId) ?? 0;
      countById.set(messageId, earlier + 1);
      const forged = secret !== undefined && !verifyWebhook(secret, request.headers, raw);
      const path = request.url ?? '/';
      const answer: BuyerAnswer = forged
        ? { status: 401 }
        : script({ path, messageId, body, earlier, index: received.length });
      const lead: ReceivedLead = {
        path,
        headers: request.headers,
        body,
        raw,
        status: 0,
        duplicate: false,
      };
      received.push(lead);
      const accept = () => {
        lead.duplicate = acceptedIds.has(messageId);
        if (!lead.duplicate) acceptedLeads.push(lead);
        acceptedIds.add(messageId);
      };
      if ('hang' in answer) {
        if (answer.accept === true) accept();
        wake();
        return;
      }
      if ('drop' in answer) {
        request.socket.destroy();
        wake();
        return;
      }
      const settle = () => {
        lead.status = answer.status;
        const rejection = (answer.body as { status?: unknown } | undefined)?.status === 'rejected';
        if (answer.status >= 200 && answer.status < 300 && !rejection) accept();
        answerWith(response, answer);
        wake();
      };
      if (answer.delayMs === undefined) settle();
      else setTimeout(settle, answer.delayMs);
    });
  });
  // Lets close() finish while the client still holds a keep-alive connection.
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;

  const waitUntil = (condition: () => boolean, what: string, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the test buyer did not see ${what} within ${timeoutMs} ms (${received.length} requests)`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    url: `http://${host}:${address.port}/leads`,
    received,
    accepted: () => [...acceptedLeads],
    async waitForLeads(n, timeoutMs) {
      await waitUntil(() => received.length >= n, `${n} requests`, timeoutMs);
      return received;
    },
    waitUntil,
    script(next) {
      script = next;
    },
    reset,
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      });
    },
  };
}
