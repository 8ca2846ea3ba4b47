/**
 * What an operator does to a lead from the console: redeliver a dead-lettered or unsold lead (once, as `npm run leads --
 * redeliver`), hold a lead not yet delivered back from buyers, release a hold. Each answers what it did and the
 * lead's status after; undefined for an unknown lead.
 */
import type { LeadActionResponse } from '../../../contracts/console.ts';
import type { Database } from '../../platform/db/types.ts';
import type { DeliveryControl } from '../../buyers/index.ts';
import type { DeliveryQueue } from '../../intake/index.ts';
import { leadStatus } from './lead-detail.ts';

/**
 * Holds an operator may release: its own, and the intake guards' (a honeypot or a duplicate may be a false positive).
 * Never an opt-out: the visitor asked not to be sold.
 */
const RELEASABLE = ['operator', 'honeypot', 'duplicate'];

export interface LeadActions {
  redeliver(leadId: string): Promise<LeadActionResponse | undefined>;
  hold(leadId: string): Promise<LeadActionResponse | undefined>;
  release(leadId: string): Promise<LeadActionResponse | undefined>;
}

export interface DeliveryAccess {
  queue: DeliveryQueue;
  control: DeliveryControl;
}

export function leadActions(db: Database, delivery: DeliveryAccess): LeadActions {
  const answer = async (leadId: string, result: string): Promise<LeadActionResponse | undefined> => {
    const now = await leadStatus(db, leadId);
    return now === undefined ? undefined : { result, status: now.status };
  };

  return {
    async redeliver(leadId) {
      const before = await leadStatus(db, leadId);
      if (before === undefined) return undefined;
      if (before.held !== null && !before.delivered) return answer(leadId, `held (${before.held}): release it first`);
      return answer(leadId, await delivery.control.redeliver(leadId));
    },

    async hold(leadId) {
      const { rows } = await db.query(
        `update leads set held = 'operator' where id = $1 and held is null and delivered_at is null returning id`,
        [leadId],
      );
      if (rows.length > 0) return answer(leadId, 'held');
      const now = await leadStatus(db, leadId);
      if (now === undefined) return undefined;
      return answer(leadId, now.delivered ? 'delivered already' : `held already (${now.held})`);
    },

    async release(leadId) {
      // The worker ends a held lead's job in one statement on the same row (endJobIfHeld): either it did, and
      // delivery_state is null here, or it will find the lead released and deliver it.
      const { rows } = await db.query<{ deliverable: boolean; delivery_state: string | null }>(
        `update leads set held = null where id = $1 and held = any($2::text[])
         returning delivered_at is null and purged_at is null as deliverable, delivery_state`,
        [leadId, RELEASABLE],
      );
      const released = rows[0];
      if (released === undefined) {
        const now = await leadStatus(db, leadId);
        if (now === undefined) return undefined;
        return answer(leadId, now.held === null ? 'not held' : `held (${now.held}): it may not be released`);
      }
      if (!released.deliverable || released.delivery_state === 'queued') return answer(leadId, 'released');
      if (released.delivery_state === 'dead-lettered') {
        const replayed = await delivery.control.redeliver(leadId);
        if (replayed === 'queued' || replayed === 'queued already') return answer(leadId, 'released and queued');
      }
      await db.transaction((tx) => delivery.queue.enqueue(tx, [leadId]));
      return answer(leadId, 'released and queued');
    },
  };
}
