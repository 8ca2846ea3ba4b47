/**
 * Durability with the real server process: a lead answered 201 survives SIGKILL before any delivery, and a restart
 * with a working buyer delivers it exactly once. Also: a server without BUYER_URL says so at start.
 */
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../../../../server/platform/db/index.ts';
import { DELIVERY_QUEUE } from '../../../../server/buyers/delivery/lead-delivery.ts';
import { validLead } from '../../../support/lead-fixture.ts';
import { startTestBuyer, type TestBuyer } from '../../../support/test-buyer.ts';
import { tempDir, writeBuiltSite, xsrfHeaders } from '../../../support/server-harness.ts';
import { freePort, listening, startServer, type ServerProcess } from '../../../support/server-process.ts';

const dir = tempDir();
const staticDir = join(dir.path, 'dist');
writeBuiltSite(staticDir);

const servers: ServerProcess[] = [];
const buyers: TestBuyer[] = [];

function start(env: Record<string, string>): ServerProcess {
  const server = startServer({ STATIC_DIR: staticDir, ...env });
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  await Promise.all(buyers.splice(0).map((buyer) => buyer.close()));
});
afterAll(() => dir.remove());

describe('lead delivery across a crash', () => {
  it('delivers a lead accepted just before SIGKILL exactly once after a restart', async () => {
    const dataDir = join(dir.path, 'crash-data');
    const port = String(await freePort());
    // Nothing listens there: were the first server to try before it dies, the attempt fails and is retried.
    const nowhere = `http://127.0.0.1:${await freePort()}/leads`;

    const first = start({ PORT: port, DATA_DIR: dataDir, BUYER_URL: nowhere });
    await listening(first);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/leads/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...xsrfHeaders() },
      body: JSON.stringify(validLead()),
    });
    const { id } = (await response.json()) as { id: string };
    first.child.kill('SIGKILL');
    expect(response.status).toBe(201);
    await first.exited;

    const buyer = await startTestBuyer();
    buyers.push(buyer);
    const second = start({ PORT: port, DATA_DIR: dataDir, BUYER_URL: buyer.url });
    await listening(second);
    // Normally within seconds; up to two minutes in the rare run where the first server tried before it died and
    // the job waits out its first retry pause.
    const [received] = await buyer.waitForLeads(1, 150_000);
    expect(received!.headers['webhook-id']).toBe(id);
    expect(received!.body).toMatchObject({ email: validLead().email, time_stamp: expect.any(String) });

    // A clean stop lets a running attempt finish; then the database tells whether anything is left to send.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(buyer.received).toHaveLength(1);
    const db = await openPglite(dataDir);
    try {
      const attempts = await db.query<{ outcome: string }>(
        'select outcome from delivery_attempts where lead_id = $1 order by attempt',
        [id],
      );
      expect(attempts.rows.filter((row) => row.outcome === 'delivered')).toHaveLength(1);
      const jobs = await db.query<{ state: string }>(
        `select state from pgboss.job where name = $1 and data->>'leadId' = $2`,
        [DELIVERY_QUEUE, id],
      );
      expect(jobs.rows).toEqual([{ state: 'completed' }]);
      const lead = await db.query<{ delivered_at: Date | null }>('select delivered_at from leads where id = $1', [id]);
      expect(lead.rows[0]?.delivered_at).toBeInstanceOf(Date);
    } finally {
      await db.close();
    }
  }, 240_000);

  it('without BUYER_URL starts, warns, and keeps accepting leads', async () => {
    const port = String(await freePort());
    const server = start({ PORT: port, DATA_DIR: join(dir.path, 'no-url-data'), BUYER_URL: '' });
    await listening(server);
    expect(server.output()).toContain(
      '"msg":"no buyer (BUYERS_FILE or BUYER_URL): leads are stored but not delivered"',
    );
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/leads/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...xsrfHeaders() },
      body: JSON.stringify(validLead()),
    });
    expect(response.status).toBe(201);
  }, 60_000);
});
