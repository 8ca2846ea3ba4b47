/**
 * The console's session lookup: for every /api/admin/ request, the user whose live session the cookie names, on
 * `request.consoleUser`. Disabled users have none.
 */
import type { FastifyInstance } from 'fastify';
import { CONSOLE_API, type ConsoleUser } from '../../engine/api/console.ts';
import type { Queryable } from '../db/types.ts';
import { SESSION_COOKIE, tokenDigest } from './session-token.ts';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function registerConsoleSessions(app: FastifyInstance, db: Queryable): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(`${CONSOLE_API}/`)) return;
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (token === undefined || token === '') return;
    const { rows } = await db.query<ConsoleUser>(
      `select u.id, u.email, u.role from console_sessions s join console_users u on u.id = s.user_id
        where s.token_sha256 = $1 and u.disabled_at is null`,
      [tokenDigest(token)],
    );
    if (rows[0] !== undefined) request.consoleUser = rows[0];
  });
}
