/** The console's audit log: who did what, when, from where. Entries are only ever added. */
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../contracts/console.ts';
import type { Queryable } from '../../platform/db/types.ts';

export interface AuditRecord {
  /** The signed-in user's email; for a failed sign-in the email typed, or null. */
  actor: string | null;
  action: AuditAction;
  /** A lead id, a user's email, an export's date range. */
  target?: string | null;
  /**
   * The request's address. Fastify types `request.ip` as a string, but reads it from the socket, which a connection
   * closed before the entry is written has lost: the entry is kept all the same.
   */
  ip: string | undefined;
}

/** Recorded when the connection closed before its address was read: the socket no longer knows it. */
export const UNKNOWN_ADDRESS = 'unknown';

export async function recordAudit(db: Queryable, record: AuditRecord): Promise<void> {
  await db.query('insert into console_audit (actor, action, target, ip) values ($1, $2, $3, $4)', [
    record.actor,
    record.action,
    record.target ?? null,
    record.ip ?? UNKNOWN_ADDRESS,
  ]);
}

/**
 * Who the audit log names for a visitor's own "Stop contacting me", which no console user made. Nor is the visitor's
 * address kept: the entry holds no personal data, only the ids of the leads revoked.
 */
const VISITOR_REVOCATION = { actor: 'visitor (Stop contacting me)', ip: 'not kept' } as const;

/** A visitor's revocation of consent to be contacted about these leads (possibly none), by their ids. */
export async function auditVisitorRevocation(db: Queryable, leadIds: readonly string[]): Promise<void> {
  const leads = leadIds.length === 1 ? '1 lead' : `${leadIds.length === 0 ? 'no' : leadIds.length} leads`;
  await recordAudit(db, {
    ...VISITOR_REVOCATION,
    action: 'consent-revocation',
    target: leadIds.length === 0 ? leads : `${leads}: ${leadIds.join(', ')}`,
  });
}

/** What the signed-in user of `request` did to `target`. */
export function auditOf(request: FastifyRequest, action: AuditAction, target?: string): AuditRecord {
  return { actor: request.consoleUser?.email ?? null, action, target: target ?? null, ip: request.ip };
}
