/**
 * `npm run leads -- held` as an operator runs it, as a child process with the server's settings, on PGlite and (with
 * DATABASE_URL) PostgreSQL: every lead held back from buyers, oldest first, with why.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PROCESS_DATABASES } from '../../support/delivery-databases.ts';
import { leads } from '../../support/leads-command.ts';

describe.each(PROCESS_DATABASES)('npm run leads -- held on $name', (kind) => {
  it('lists the held leads with their reasons, oldest first, and says so when there are none', async () => {
    const database = await kind.create();
    onTestFinished(() => database.remove());

    const opened = await database.open();
    const stored: [string, string | null, string][] = [
      [randomUUID(), 'opted-out', '2026-11-20T10:00:00.000Z'],
      [randomUUID(), null, '2026-11-20T11:00:00.000Z'],
      [randomUUID(), 'honeypot', '2026-11-21T09:30:00.000Z'],
      [randomUUID(), 'duplicate', '2026-11-22T08:15:00.000Z'],
    ];
    for (const [id, held, receivedAt] of stored) {
      await opened.db.query(
        `insert into leads (id, received_at, flow, flow_version, payload, held) values ($1, $2, 'business-funding', 'v1', '{}', $3)`,
        [id, receivedAt, held],
      );
    }
    await opened.db.close();

    const run = await leads(database.env, 'held');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [optedOut, , bot, repeat] = stored.map(([id]) => id);
    expect(run.stdout).toBe(
      '3 leads are held back from buyers (lead id, received: why):\n' +
        `${optedOut}  2026-11-20T10:00:00.000Z: its email or phone opted out ("Do Not Sell")\n` +
        `${bot}  2026-11-21T09:30:00.000Z: a bot (the hidden field was filled)\n` +
        `${repeat}  2026-11-22T08:15:00.000Z: a repeat of an email and phone within a day\n`,
    );

    const again = await database.open();
    await again.db.query('update leads set held = null');
    await again.db.close();
    expect((await leads(database.env, 'held')).stdout).toBe('No leads are held back.\n');
  }, 60_000);
});
