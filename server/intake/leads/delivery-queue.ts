/** How lead intake hands a stored lead to delivery. */
import type { Queryable } from '../../platform/db/types.ts';

export interface DeliveryQueue {
  /**
   * Queues the delivery of stored leads, one job each, inside the intake's transaction (`tx`), so a lead is never
   * stored without its delivery job, nor a job without its lead. A job carries only the lead id; the worker reads
   * the lead.
   */
  enqueue(tx: Queryable, leadIds: readonly string[]): Promise<void>;
}
