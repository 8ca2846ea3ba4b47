/**
 * A real ping endpoint on a local port (node:http): it records each ping as received and answers as the test says,
 * with any status and raw body, late, in pieces, or never.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPing {
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as text (what the signature is over). */
  raw: string;
  body: Record<string, unknown>;
  /** The answer to it has been sent in full. */
  answered(): boolean;
}

/** Answers a ping: write to the response now, later or never; `body` is the ping as received. */
export type PingHandler = (response: ServerResponse, request: IncomingMessage, body: Record<string, unknown>) => void;

export interface BiddingBuyer {
  url: string;
  received: ReceivedPing[];
  close(): Promise<void>;
}

/** Answers with this status and exact body text (JSON when given an object), after `delayMs` when given. */
export function answer(status: number, body: unknown, delayMs?: number): PingHandler {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return (response) => {
    const send = () => response.writeHead(status, { 'content-type': 'application/json' }).end(text);
    if (delayMs === undefined) send();
    else setTimeout(send, delayMs);
  };
}

export async function startBiddingBuyer(handle: PingHandler): Promise<BiddingBuyer> {
  const received: ReceivedPing[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({ headers: request.headers, raw, body, answered: () => response.writableFinished });
      handle(response, request, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
