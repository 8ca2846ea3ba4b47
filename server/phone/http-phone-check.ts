/**
 * A phone lookup service over HTTP: GET `<url>?phone=<10 digits>` with a Bearer key, answering `{ "status": "..." }`.
 * When the service fails (timeout, HTTP error, an answer without a status) the offline check answers instead, so a
 * provider outage never blocks a visitor from sending a lead.
 */
import { offlinePhoneCheck, type PhoneCheck } from './phone-check.ts';

export interface HttpPhoneCheckOptions {
  url: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Told why the offline check answered; the message never contains the number. */
  warn: (message: string) => void;
}

const PHONE_LOOKUP_TIMEOUT_MS = 3000;

function statusOf(body: unknown): string | undefined {
  const status = (body as { status?: unknown } | null)?.status;
  return typeof status === 'string' && status !== '' ? status : undefined;
}

export function httpPhoneCheck(options: HttpPhoneCheckOptions): PhoneCheck {
  const { apiKey, timeoutMs = PHONE_LOOKUP_TIMEOUT_MS, fetch = globalThis.fetch, warn } = options;

  async function lookup(phone: string): Promise<string> {
    const target = new URL(options.url);
    target.searchParams.set('phone', phone);
    const response = await fetch(target, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.arrayBuffer().catch(() => undefined);
      throw new Error(`it answered HTTP ${response.status}`);
    }
    const status = statusOf(await response.json().catch(() => undefined));
    if (status === undefined) throw new Error('its answer has no "status"');
    return status;
  }

  return {
    async status(phone) {
      try {
        return await lookup(phone);
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        const reason = timedOut ? `no answer within ${timeoutMs} ms` : (error as Error).message;
        warn(`phone lookup failed (${reason}): the offline check answered`);
        return offlinePhoneCheck.status(phone);
      }
    },
  };
}
