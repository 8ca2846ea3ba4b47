/**
 * A phone lookup service over HTTP: GET `<url>?phone=<10 digits>` with a Bearer key, answering `{ "status": "..." }`.
 * A failure (timeout, HTTP error, an answer without a status) is thrown with a reason that never holds the number;
 * server/intake/phone/paid-phone-check.ts answers from the offline check then, so a provider outage never blocks a lead.
 */

/** Asks the service for a number's status; throws when it has no usable answer. */
export type PhoneLookup = (phone: string) => Promise<string>;

export interface HttpPhoneLookupOptions {
  url: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

const PHONE_LOOKUP_TIMEOUT_MS = 3000;

function statusOf(body: unknown): string | undefined {
  const status = (body as { status?: unknown } | null)?.status;
  return typeof status === 'string' && status !== '' ? status : undefined;
}

export function httpPhoneLookup(options: HttpPhoneLookupOptions): PhoneLookup {
  const { apiKey, timeoutMs = PHONE_LOOKUP_TIMEOUT_MS, fetch = globalThis.fetch } = options;

  async function ask(phone: string): Promise<string> {
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

  return async (phone) => {
    try {
      return await ask(phone);
    } catch (error) {
      if ((error as Error).name === 'TimeoutError')
        throw new Error(`no answer within ${timeoutMs} ms`, { cause: error });
      throw error;
    }
  };
}
