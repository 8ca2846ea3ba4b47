/**
 * The lead's row and pg-boss's dead letters, kept in step. pg-boss dead-letters a job on its own when a worker crashed
 * during a lead's last run (the job expired) without any of our code running: markDeadLettered catches the lead up.
 * A replay clears the lead's dead letters in the transaction that queues it again (clearDeadLetters), so one left
 * behind never marks a queued lead dead-lettered.
 */
import type { Queryable } from '../../platform/db/types.ts';

/** A schema name as pg-boss accepts one: it goes into the statement as an identifier, not a parameter. */
const SCHEMA = /^[a-z_][a-z0-9_]*$/;

function jobTable(schema: string): string {
  if (!SCHEMA.test(schema)) throw new Error(`pg-boss schema name "${schema}" is not a plain identifier`);
  return `"${schema}".job`;
}

/**
 * Marks the leads still shown as queued whose job waits in `deadLetterQueue` (only `leadId`, when given); returns how
 * many. One statement joins the lead to its dead-letter job, so a replay that takes the job away is never undone by it.
 */
export async function markDeadLettered(
  db: Queryable,
  deadLetterQueue: string,
  schema = 'pgboss',
  leadId?: string,
): Promise<number> {
  const { rowCount } = await db.query(
    `update leads set delivery_state = 'dead-lettered'
       from ${jobTable(schema)} j
      where j.name = $1 and j.state = 'created' and j.data->>'leadId' = leads.id::text
        and leads.delivery_state = 'queued' and leads.delivered_at is null
        and ($2::uuid is null or leads.id = $2::uuid)`,
    [deadLetterQueue, leadId ?? null],
  );
  return rowCount;
}

/** Deletes the lead's jobs in `deadLetterQueue`: its replay is under way. */
export async function clearDeadLetters(
  tx: Queryable,
  deadLetterQueue: string,
  leadId: string,
  schema = 'pgboss',
): Promise<void> {
  await tx.query(`delete from ${jobTable(schema)} where name = $1 and data->>'leadId' = $2`, [deadLetterQueue, leadId]);
}
