/**
 * GET /api/admin/audit?cursor=: the console's audit log for admins, newest first, 100 entries a page; `next_cursor`
 * (the last entry's id) goes back as `cursor` for the next page, null on the last.
 */
import type { FastifyInstance } from 'fastify';
import { ACCESS, AUDIT_PATH, auditResponse, type AuditAction, type AuditEntry } from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { allow } from '../access.ts';
import { fieldErrors } from '../../platform/http/field-errors.ts';
import type { Queryable } from '../../platform/db/types.ts';

const PAGE_SIZE = 100;
/** The largest bigint: the first page starts below it. */
const LAST_ID = '9223372036854775807';

const auditQuery = {
  type: 'object',
  properties: { cursor: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } },
  additionalProperties: false,
} as const;

interface AuditRow {
  id: number;
  at: Date;
  actor: string | null;
  action: AuditAction;
  target: string | null;
  ip: string;
}

async function auditPage(
  db: Queryable,
  cursor: string | undefined,
): Promise<{ entries: AuditEntry[]; next_cursor: string | null }> {
  // Keyset on the identity column: a page costs the same however deep it is, and entries added meanwhile do not
  // shift the pages after the first.
  const { rows } = await db.query<AuditRow>(
    `select id, at, actor, action, target, ip from console_audit
      where id < $1 order by id desc limit $2`,
    [cursor ?? LAST_ID, PAGE_SIZE + 1],
  );
  const page = rows.slice(0, PAGE_SIZE);
  return {
    entries: page.map((row) => ({ ...row, id: Number(row.id), at: row.at.toISOString() })),
    next_cursor: rows.length > PAGE_SIZE ? String(page[page.length - 1]!.id) : null,
  };
}

export function registerConsoleAuditRoutes(app: FastifyInstance, db: Queryable): void {
  app.get<{ Querystring: { cursor?: string } }>(
    AUDIT_PATH,
    {
      onRequest: allow(ACCESS.audit),
      schema: { querystring: auditQuery, response: { 200: auditResponse, '4xx': errorResponse } },
      schemaErrorFormatter: fieldErrors('The audit query'),
    },
    async (request) => auditPage(db, request.query.cursor),
  );
}
