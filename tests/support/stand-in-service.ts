/** A local HTTP server standing in for a third-party service: it records each request and answers as told. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers one request; a handler that never ends the response makes the caller time out. */
export type Answer = (request: RecordedRequest, response: ServerResponse) => void;

export interface StandInService {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: RecordedRequest[];
  /** Changes how the following requests are answered. */
  answer(handler: Answer): void;
  close(): Promise<void>;
}

export const json =
  (status: number, body: unknown): Answer =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

export async function startStandInService(initial: Answer): Promise<StandInService> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (body += chunk));
    incoming.on('end', () => {
      const request = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body };
      requests.push(request);
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (next) => (handler = next),
    close: () =>
      new Promise((resolve) => {
        // Requests left hanging on purpose (timeouts) must not keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
