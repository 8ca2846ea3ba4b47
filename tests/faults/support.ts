/**
 * What the fault tests share: the real server as a child process, started as `npm run serve` starts it in production
 * (on a database of tests/support/delivery-databases.ts), and clients that keep sending a lead under its Idempotency-Key until a server answers, as the page does.
 */
import { randomBytes } from 'node:crypto';
import type { LeadPayload } from '../support/lead-fixture.ts';
import { validLead } from '../support/lead-fixture.ts';
import type { TestBuyer } from '../support/test-buyer.ts';
import { tempDir, writeBuiltSite, xsrfHeaders } from '../support/server-harness.ts';
import { listening, startServer, type ServerProcess } from '../support/server-process.ts';
import { newVisitToken } from '../support/xsrf-tokens.ts';

const site = tempDir('fundflow-faults-site-');
writeBuiltSite(site.path);

/** Starts a server with the built-site fixture and these settings, and waits until it listens. */
export async function runServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = startServer({ STATIC_DIR: site.path, ...env }, 'compiled');
  await listening(server);
  return server;
}

export async function kill(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** One visitor's lead, with the key its page sends it under and its own session (XSRF token). */
export interface Visitor {
  key: string;
  lead: LeadPayload;
  token: string;
}

export function visitors(count: number, tag: string): Visitor[] {
  return Array.from({ length: count }, (_, n) => ({
    key: `${tag}-${n}-${randomBytes(12).toString('hex')}`,
    lead: validLead({ email: `visitor.${tag}.${n}@example.com` }),
    token: newVisitToken(),
  }));
}

export interface Answer {
  status: number;
  body: { id?: string };
  /** Requests it took, the answered one included. */
  tries: number;
}

/**
 * Sends the visitor's lead to `port` until a server answers it with anything but a 5xx; refused connections, resets
 * and 5xx are retried with the same key and body after a short pause, as the page's client does.
 */
export async function submitUntilAnswered(port: number, visitor: Visitor, deadline: number): Promise<Answer> {
  for (let tries = 1; ; tries++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/leads/trigger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': visitor.key, ...xsrfHeaders(visitor.token) },
        body: JSON.stringify(visitor.lead),
      });
      const body = (await response.json()) as { id?: string };
      if (response.status < 500) return { status: response.status, body, tries };
    } catch {
      // The server is down or restarting: try again.
    }
    if (Date.now() > deadline) throw new Error(`no server answered ${visitor.key} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once the buyer has accepted (2xx) a delivery for every one of `ids`; rejects after timeoutMs. */
export async function acceptedAll(buyer: TestBuyer, ids: ReadonlySet<string>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accepted = new Set(acceptedIds(buyer));
    const missing = [...ids].filter((id) => !accepted.has(id));
    if (missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${missing.length} of ${ids.size} leads never reached the buyer`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The message id of every delivery the buyer accepted, in arrival order, repeats included. */
export function acceptedIds(buyer: TestBuyer): string[] {
  return buyer.received
    .filter((lead) => lead.status >= 200 && lead.status < 300)
    .map((lead) => String(lead.headers['webhook-id']));
}
