/**
 * A lead whose last attempt pg-boss dead-lettered on its own (its worker crashed, the job expired) shows as
 * dead-lettered in the console once the delivery catches up, and only such a lead: one whose job still waits, or
 * that was delivered, keeps its state.
 */
import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/platform/db/index.ts';
import { markDeadLettered } from '../../../../server/buyers/delivery/dead-letter-state.ts';
import { bossOptions, DEAD_LETTER_QUEUE, DELIVERY_QUEUE } from '../../../../server/buyers/delivery/lead-delivery.ts';
import { OWN_DATABASES } from '../../../support/own-databases.ts';

describe.each(OWN_DATABASES)('leads of jobs pg-boss dead-lettered, on $name', (kind) => {
  it('are marked dead-lettered; a lead whose job waits or that was delivered is not', async () => {
    const { db, connection } = await kind.open();
    await migrate(db);
    const [dead, waiting, delivered] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [dead, waiting, delivered]) {
      await db.query(
        `insert into leads (id, flow, flow_version, payload, delivered_at, delivery_state)
         values ($1, 'f', 'v1', '{}', $2, 'queued')`,
        [id, id === delivered ? new Date() : null],
      );
    }
    const boss = new PgBoss({ ...bossOptions(connection, undefined), supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue(DEAD_LETTER_QUEUE);
    await boss.createQueue(DELIVERY_QUEUE, { deadLetter: DEAD_LETTER_QUEUE });
    await boss.send(DEAD_LETTER_QUEUE, { leadId: dead });
    await boss.send(DEAD_LETTER_QUEUE, { leadId: delivered });
    await boss.send(DELIVERY_QUEUE, { leadId: waiting });
    await boss.stop({ graceful: false });

    expect(await markDeadLettered(db, DEAD_LETTER_QUEUE)).toBe(1);
    const { rows } = await db.query<{ id: string; delivery_state: string | null }>(
      'select id, delivery_state from leads',
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.delivery_state]))).toEqual({
      [dead]: 'dead-lettered',
      [waiting]: 'queued',
      [delivered]: 'queued',
    });
    // Nothing left to catch up.
    expect(await markDeadLettered(db, DEAD_LETTER_QUEUE)).toBe(0);
  });
});
