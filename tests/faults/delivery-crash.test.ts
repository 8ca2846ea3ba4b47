/**
 * A server killed mid-delivery, with the real server process on PGlite and (with DATABASE_URL) PostgreSQL: the buyer
 * has stored the lead but its answer never arrives, because the test SIGKILLs the server while the buyer holds it.
 * After a restart the attempt is taken back (BUYER_RECLAIM_SECONDS after its timeout) and retried with the
 * same message id, and the buyer, deduping on it, counts the lead once. Both databases run side by side: most of
 * the time is the day of retries' first pause (one to two minutes).
 */
import { join } from 'node:path';
import { afterAll, describe, it, type TestContext } from 'vitest';
import { validLead } from '../support/lead-fixture.ts';
import { startTestBuyer } from '../support/test-buyer.ts';
import { PROCESS_DATABASES } from '../support/delivery-databases.ts';
import { tempDir, writeBuiltSite, xsrfHeaders } from '../support/server-harness.ts';
import { freePort, listening, startServer, type ServerProcess } from '../support/server-process.ts';

const site = tempDir();
const staticDir = join(site.path, 'dist');
writeBuiltSite(staticDir);
afterAll(() => site.remove());

/** Started for this test (the context's hooks: the tests run concurrently), killed at its end if still running. */
function start({ onTestFinished }: TestContext, env: Record<string, string>): ServerProcess {
  const server = startServer({ STATIC_DIR: staticDir, ...env }, 'compiled');
  onTestFinished(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
  return server;
}

describe.concurrent.each(PROCESS_DATABASES)('a server killed mid-delivery on $name', (kind) => {
  it('delivers the lead again with the same message id after a restart; the buyer counts it once', async (context) => {
    const { expect, onTestFinished } = context;
    const database = await kind.create();
    onTestFinished(() => database.remove());
    // The first request is stored and never answered: the server dies waiting for the answer.
    const buyer = await startTestBuyer({
      script: ({ earlier }) => (earlier === 0 ? { hang: true, accept: true } : { status: 200 }),
    });
    onTestFinished(() => buyer.close());
    const port = String(await freePort());
    const env = {
      ...database.env,
      PORT: port,
      BUYER_URL: buyer.url,
      BUYER_TIMEOUT_MS: '5000',
      BUYER_RECLAIM_SECONDS: '5',
    };

    const first = start(context, env);
    await listening(first);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/leads/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...xsrfHeaders() },
      body: JSON.stringify(validLead()),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await buyer.waitForLeads(1, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = start(context, env);
    await listening(second);
    // The attempt expires 5 + 5 s after it started, is found within 5 s more, then waits the first retry pause.
    await buyer.waitForLeads(2, 200_000);
    const [lost, retried] = buyer.received;
    expect(lost!.headers['webhook-id']).toBe(id);
    expect(retried!.headers['webhook-id']).toBe(id);
    expect(retried!.body).toMatchObject({ email: validLead().email });
    expect(retried).toMatchObject({ status: 200, duplicate: true });
    expect(buyer.accepted()).toEqual([lost]);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const { db } = await database.open();
    try {
      const attempts = await db.query('select outcome, http_status from delivery_attempts where lead_id = $1', [id]);
      // The killed server never recorded its attempt; the retried one is the lead's delivery.
      expect(attempts.rows).toEqual([{ outcome: 'delivered', http_status: 200 }]);
      const jobs = await db.query(`select state from pgboss.job where data->>'leadId' = $1`, [id]);
      expect(jobs.rows).toEqual([{ state: 'completed' }]);
    } finally {
      await db.close();
    }
    expect(buyer.received).toHaveLength(2);
  });
});
