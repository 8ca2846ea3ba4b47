/**
 * A real lender endpoint on a local port (node:http) for delivery tests: it records every POST and answers as told.
 * `GET /received` lists what arrived (`[{ messageId, status, body }]`) and `DELETE /received` forgets it, for tests
 * that run it as a separate process (tests/support/test-lender-server.ts).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from './webhook-verify.ts';

export interface ReceivedLead {
  headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** The exact bytes received, as text (what a signature is computed over). */
  raw: string;
  /** The status the lender answered with. */
  status: number;
}

export interface TestLenderOptions {
  /** Answer the first n requests with 503. Default 0. */
  failFirst?: number;
  /** The status of every other answer; a non-2xx status makes a lender that always fails. Default 200. */
  status?: number;
  /** Default: any free port. */
  port?: number;
  /** Default: 127.0.0.1. */
  host?: string;
  /**
   * LEAD_FORWARD_SECRET's secret: a POST whose Standard Webhooks signature does not verify with it is answered 401,
   * as a lender that checks signatures answers. Default: none, every POST is taken.
   */
  secret?: string;
}

export interface TestLender {
  /** Where to POST leads (LEAD_FORWARD_URL). */
  url: string;
  /** Every request, in arrival order, failed ones included. */
  received: ReceivedLead[];
  /** Resolves with `received` once it holds n requests; rejects after timeoutMs (default 10 s). */
  waitForLeads(n: number, timeoutMs?: number): Promise<ReceivedLead[]>;
  /** Forgets what was received (and restarts the failFirst count). */
  reset(): void;
  close(): Promise<void>;
}

export async function startTestLender(options: TestLenderOptions = {}): Promise<TestLender> {
  const { failFirst = 0, status = 200, port = 0, host = '127.0.0.1', secret } = options;
  const received: ReceivedLead[] = [];
  let answered = 0;
  const waiters = new Set<() => void>();
  const reset = () => {
    received.length = 0;
    answered = 0;
  };

  const server = createServer((request, response) => {
    if (request.url === '/received' && request.method === 'GET') {
      const list = received.map((lead) => ({
        messageId: lead.headers['webhook-id'],
        status: lead.status,
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
      const forged = secret !== undefined && !verifyWebhook(secret, request.headers, raw);
      const answer = forged ? 401 : answered++ < failFirst ? 503 : status;
      received.push({ headers: request.headers, body, raw, status: answer });
      response.writeHead(answer, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: answer < 300 }));
      for (const wake of waiters) wake();
    });
  });
  // Lets close() finish while the client still holds a keep-alive connection.
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;

  return {
    url: `http://${host}:${address.port}/leads`,
    received,
    waitForLeads(n, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < n) return;
          done();
          resolve(received);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`the test lender received ${received.length} of ${n} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
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
