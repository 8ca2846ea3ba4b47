/**
 * The answer to an attempt a sign-in lock refuses (sign-in-attempts.ts), from the sign-in and from a password change
 * alike: 429 with when to try again, without saying whether the account exists (an unknown email locks the same way).
 * The attempt that begins a lock puts it in the audit log: the account, which lock, and the address.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/audit.ts';
import type { Queryable } from '../../platform/db/types.ts';
import {
  ACCOUNT_AT_ADDRESS_LIMIT,
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  type Attempt,
  type LockKind,
} from './sign-in-attempts.ts';

const LOCK_WORDS: Record<LockKind, string> = {
  'account-address': `${ACCOUNT_AT_ADDRESS_LIMIT} attempts from this address`,
  address: `${ADDRESS_LIMIT} attempts from this address for any accounts`,
  account: `${ACCOUNT_LIMIT} attempts from all addresses`,
};

export function lockedMessage(until: Date, at: number): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - at) / 60_000));
  const time = until.toISOString().slice(11, 16);
  return `Too many failed sign-ins: try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${time} UTC)`;
}

export async function answerLocked(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
  refused: Extract<Attempt, { taken: false }>,
  at: number,
): Promise<FastifyReply> {
  if (refused.began) {
    await recordAudit(db, {
      actor: account === '' ? null : account,
      action: 'sign-in-locked',
      target: `${account === '' ? '(no email)' : account}: ${LOCK_WORDS[refused.kind]}`,
      ip: request.ip,
    });
  }
  reply.header('retry-after', String(Math.max(1, Math.ceil((refused.until.getTime() - at) / 1000))));
  return reply.code(429).send({ error: 'sign_in_locked', message: lockedMessage(refused.until, at) });
}
