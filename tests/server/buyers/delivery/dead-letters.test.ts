/**
 * The dead-letter commands as an operator runs them, as child processes with the server's settings, on PGlite and
 * (with DATABASE_URL) PostgreSQL: `npm run leads -- dead` lists what gave up, `redeliver` queues each lead once, a
 * delivered lead is never sent again, and on the embedded database the command refuses while a server holds it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createLeadDelivery, type RetryPolicy } from '../../../../server/buyers/delivery/lead-delivery.ts';
import type { TestBuyer } from '../../../support/test-buyer.ts';
import { PROCESS_DATABASES, type OpenedDatabase } from '../../../support/delivery-databases.ts';
import {
  captureLog,
  deliveredAt,
  endOf,
  startBuyer,
  storeLead,
  buyerAt,
  WAIT,
} from '../../../support/delivery-setup.ts';
import { leads } from '../../../support/leads-command.ts';

const NO_RETRY: RetryPolicy = { limit: 0, delaySeconds: 1, backoff: false };

/** Delivery as a server runs it (pg-boss in its default schema), against `testBuyer`, until stopped. */
async function deliver(opened: OpenedDatabase, testBuyer: TestBuyer) {
  const delivery = createLeadDelivery({
    db: opened.db,
    connection: opened.connection,
    buyers: [buyerAt(testBuyer, {}, 2_000)],
    timeoutMs: 2_000,
    retry: NO_RETRY,
    // One attempt: a failure spends the buyer's retries at once.
    retryPausesSeconds: [],
    pollingIntervalSeconds: 0.5,
  });
  await delivery.start(captureLog().log);
  return delivery;
}

describe.each(PROCESS_DATABASES)('npm run leads -- dead | redeliver on $name', (kind) => {
  it('lists the dead letters and replays each lead exactly once; a delivered lead is not sent again', async () => {
    const database = await kind.create();
    onTestFinished(() => database.remove());
    const rejecting = await startBuyer({ status: 500 });

    // Two leads whose only attempt fails: both dead-lettered.
    let opened = await database.open();
    let delivery = await deliver(opened, rejecting);
    const [first, second] = [await storeLead(opened.db, delivery), await storeLead(opened.db, delivery)];
    await rejecting.waitForLeads(2, WAIT.timeout);
    await vi.waitFor(async () => {
      const { rows } = await opened.db.query(`select 1 from pgboss.job where name = 'lead-delivery-dead'`);
      expect(rows).toHaveLength(2);
    }, WAIT);
    await delivery.stop();
    await opened.db.close();

    const dead = await leads(database.env, 'dead');
    expect(dead).toMatchObject({ code: 0, stderr: '' });
    const lines = dead.stdout.trim().split('\n');
    expect(lines[0]).toBe('2 deliveries in the dead-letter queue (lead id, attempts, last attempt: its error):');
    const listed = (leadId: string) => new RegExp(`^${leadId}  1 attempt, last \\S+Z: lender answered HTTP 500$`);
    const expected = [first, second].sort().map((leadId) => expect.stringMatching(listed(leadId)));
    expect(lines.slice(1).sort()).toEqual(expected);

    // Twice, as an operator unsure the first run worked would: one delivery queued.
    expect(await leads(database.env, 'redeliver', first)).toMatchObject({
      code: 0,
      stdout: `${first}: queued for delivery\n`,
    });
    expect(await leads(database.env, 'redeliver', first)).toMatchObject({
      code: 0,
      stdout: `${first}: already queued for delivery: nothing added\n`,
    });
    expect((await leads(database.env, 'dead')).stdout).toContain('1 delivery in the dead-letter queue');

    const accepting = await startBuyer();
    opened = await database.open();
    delivery = await deliver(opened, accepting);
    await vi.waitFor(async () => expect(await deliveredAt(opened.db, first)).toBeInstanceOf(Date), WAIT);
    await delivery.stop();
    await opened.db.close();
    expect(accepting.received.map((request) => request.headers['webhook-id'])).toEqual([first]);
    // The replay is the lead as first sent, time_stamp included: the moment it was received, not of this attempt.
    const firstAttempt = rejecting.received.find((request) => request.headers['webhook-id'] === first);
    expect(accepting.received[0]!.raw).toBe(firstAttempt!.raw);

    expect(await leads(database.env, 'redeliver', first)).toMatchObject({
      code: 0,
      stdout: `${first}: delivered already: not sent again\n`,
    });
    const unknown = randomUUID();
    expect(await leads(database.env, 'redeliver', '--all')).toMatchObject({
      code: 0,
      stdout: `${second}: queued for delivery\n`,
    });
    expect(await leads(database.env, 'redeliver', second, unknown)).toMatchObject({
      code: 1,
      stdout: `${second}: already queued for delivery: nothing added\n${unknown}: no such lead\n`,
    });
    expect(await leads(database.env, 'dead')).toMatchObject({
      code: 0,
      stdout: 'No deliveries in the dead-letter queue.\n',
    });
  }, 120_000);

  it('routes an unsold lead again on redeliver: the buyer that refused it is offered it once more', async () => {
    const database = await kind.create();
    onTestFinished(() => database.remove());
    const refusing = await startBuyer({ status: 422 });

    let opened = await database.open();
    let delivery = await deliver(opened, refusing);
    const leadId = await storeLead(opened.db, delivery);
    await vi.waitFor(async () => expect((await endOf(opened.db, leadId)).state).toBe('unsold'), WAIT);
    await delivery.stop();
    await opened.db.close();

    // Unsold is no dead letter, and the command says it queued the lead.
    expect((await leads(database.env, 'dead')).stdout).toBe('No deliveries in the dead-letter queue.\n');
    expect(await leads(database.env, 'redeliver', leadId)).toMatchObject({
      code: 0,
      stdout: `${leadId}: queued for delivery\n`,
    });

    const accepting = await startBuyer();
    opened = await database.open();
    delivery = await deliver(opened, accepting);
    await vi.waitFor(async () => expect(await deliveredAt(opened.db, leadId)).toBeInstanceOf(Date), WAIT);
    await delivery.stop();
    await opened.db.close();
    expect(accepting.received.map((request) => request.headers['webhook-id'])).toEqual([leadId]);
  }, 120_000);

  if (kind.name === 'PGlite') {
    it('refuses while a server holds the embedded database, saying to stop it first', async () => {
      const database = await kind.create();
      onTestFinished(() => database.remove());
      const opened = await database.open();
      onTestFinished(() => opened.db.close());
      const run = await leads(database.env, 'dead');
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `The server (process ${process.pid}) is using the embedded database in DATA_DIR ${database.env.DATA_DIR}, ` +
          'which serves one process at a time. Stop the server, run this command, then start the server again: it ' +
          'delivers what was queued. (With DATABASE_URL, this command runs while servers run.)\n',
      );
    }, 60_000);
  } else {
    it('replays a dead letter while a server delivers, which sends it at once', async () => {
      const database = await kind.create();
      onTestFinished(() => database.remove());
      const testBuyer = await startBuyer({ script: ({ earlier }) => ({ status: earlier === 0 ? 500 : 200 }) });
      const opened = await database.open();
      onTestFinished(() => opened.db.close());
      const delivery = await deliver(opened, testBuyer);
      onTestFinished(() => delivery.stop());
      const leadId = await storeLead(opened.db, delivery);
      await vi.waitFor(async () => expect((await leads(database.env, 'dead')).stdout).toContain(leadId), WAIT);

      expect((await leads(database.env, 'redeliver', leadId)).stdout).toBe(`${leadId}: queued for delivery\n`);
      await vi.waitFor(async () => expect(await deliveredAt(opened.db, leadId)).toBeInstanceOf(Date), WAIT);
      expect(testBuyer.accepted().map((request) => request.headers['webhook-id'])).toEqual([leadId]);
      expect(testBuyer.received).toHaveLength(2);
    }, 60_000);
  }
});
