/**
 * The phone lookup's answers in the database (migration 014), for every server on a PostgreSQL database: a number
 * looked up through one server is not paid for again through another. Numbers are kept by an HMAC with the salt the
 * migration made, the same for every server. Expired answers are deleted by each server at most once a minute.
 */
import { createHmac } from 'node:crypto';
import type { Queryable } from '../../platform/db/types.ts';
import type { PhoneAnswers } from './phone-answers.ts';

const SWEEP_MS = 60_000;

export function databasePhoneAnswers(db: Queryable): PhoneAnswers {
  let salt: Promise<string> | undefined;
  let nextSweep = 0;

  async function keyOf(phone: string): Promise<string> {
    salt ??= db.query<{ salt: string }>('select salt from phone_lookup_salt').then(({ rows }) => rows[0]!.salt);
    try {
      return createHmac('sha256', await salt)
        .update(phone)
        .digest('base64url');
    } catch (error) {
      // Read again next time: the database may be back.
      salt = undefined;
      throw error;
    }
  }

  return {
    async find(phone, at) {
      const { rows } = await db.query<{ status: string }>(
        'select status from phone_lookup_answers where number_key = $1 and expires_at > $2',
        [await keyOf(phone), new Date(at)],
      );
      return rows[0]?.status;
    },
    async keep(phone, status, at, expires) {
      await db.query(
        `insert into phone_lookup_answers (number_key, status, expires_at) values ($1, $2, $3)
         on conflict (number_key) do update set status = excluded.status, expires_at = excluded.expires_at`,
        [await keyOf(phone), status, new Date(expires)],
      );
      if (at < nextSweep) return;
      nextSweep = at + SWEEP_MS;
      // Nothing waits for it; a failure leaves rows that the next sweep deletes.
      db.query('delete from phone_lookup_answers where expires_at <= $1', [new Date(at)]).catch(() => undefined);
    },
  };
}
