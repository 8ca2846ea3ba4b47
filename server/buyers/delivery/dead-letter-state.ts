/**
 * Catches up leads.delivery_state with jobs pg-boss dead-lettered on its own: a worker that crashed during a lead's last
 * attempt never marks it, and pg-boss sends the expired job to the dead-letter queue without any of our code running.
 * One statement joins the lead to its dead-letter job, so a replay (pg-boss's redrive, also one statement) that takes
 * the job back is never undone by it.
 */
import type { Queryable } from '../../platform/db/types.ts';

/** A schema name as pg-boss accepts one: it goes into the statement as an identifier, not a parameter. */
const SCHEMA = /^[a-z_][a-z0-9_]*$/;

/** Marks the leads still shown as queued whose job waits in `deadLetterQueue`; returns how many. */
export async function markDeadLettered(db: Queryable, deadLetterQueue: string, schema = 'pgboss'): Promise<number> {
  if (!SCHEMA.test(schema)) throw new Error(`pg-boss schema name "${schema}" is not a plain identifier`);
  const { rowCount } = await db.query(
    `update leads set delivery_state = 'dead-lettered'
       from "${schema}".job j
      where j.name = $1 and j.state = 'created' and j.data->>'leadId' = leads.id::text
        and leads.delivery_state = 'queued' and leads.delivered_at is null`,
    [deadLetterQueue],
  );
  return rowCount;
}
