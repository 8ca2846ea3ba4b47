/**
 * The page's API client: the XSRF-TOKEN cookie copied into X-XSRF-TOKEN on state-changing calls to this site only, and
 * the lead sent under one Idempotency-Key, again after a lost answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../engine/api/client.ts';
import { IDEMPOTENCY_KEY_HEADER, XSRF_COOKIE, XSRF_REFUSED } from '../../../contracts/api-paths.ts';

const TOKEN = 'dGVzdC14c3JmLXRva2VuLW9mLTMyLWJ5dGVzLWxvbmc';
const FRESH = 'ZnJlc2gteHNyZi10b2tlbi1vZi0zMi1ieXRlcy1sb25n';

function setCookie(value: string): void {
  document.cookie = `${XSRF_COOKIE}=${value}; path=/`;
}

function clearCookie(): void {
  document.cookie = `${XSRF_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records every call and answers from `answers` in turn (the last one repeats). */
function fakeFetch(...answers: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = { ...(init?.headers as Record<string, string>) };
    calls.push({ url: input instanceof Request ? input.url : String(input), method: init?.method ?? 'GET', headers });
    const answer = answers[Math.min(calls.length, answers.length) - 1]!;
    return answer();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const accepted = () => json(201, { id: 'lead-1' });
const refused = () => json(403, { error: XSRF_REFUSED, message: 'Missing or wrong X-XSRF-TOKEN header' });

afterEach(clearCookie);

describe('the API client', () => {
  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on every POST to this site', async () => {
    setCookie(TOKEN);
    const { fetch, calls } = fakeFetch(accepted);
    const api = createApiClient({ fetch });
    await api.sendLead({ email: 'a@example.com' });
    await api.claimCertificate('https://cert.trustedform.com/abc');
    expect(calls.map((call) => [call.method, call.url, call.headers['X-XSRF-TOKEN']])).toEqual([
      ['POST', '/api/v1/leads/trigger', TOKEN],
      ['POST', '/api/v1/trustedform/claim', TOKEN],
    ]);
    expect(calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends no token with a GET', async () => {
    setCookie(TOKEN);
    const { fetch, calls } = fakeFetch(() => json(200, { address: '203.0.113.9' }));
    await createApiClient({ fetch }).remoteAddress();
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('never sends the token to another origin', async () => {
    setCookie(TOKEN);
    for (const baseUrl of ['https://leads.example.com', '//leads.example.com', 'http://localhost:9999']) {
      const { fetch, calls } = fakeFetch(accepted);
      await createApiClient({ fetch, baseUrl }).sendLead({});
      expect(calls[0]?.url, baseUrl).toBe(`${baseUrl}/api/v1/leads/trigger`);
      expect(calls[0]?.headers, baseUrl).not.toHaveProperty('X-XSRF-TOKEN');
    }
  });

  it('sends it to an absolute address of this same origin', async () => {
    setCookie(TOKEN);
    const { fetch, calls } = fakeFetch(accepted);
    await createApiClient({ fetch, baseUrl: window.location.origin }).sendLead({});
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBe(TOKEN);
  });

  it('sends no header while there is no cookie', async () => {
    const { fetch, calls } = fakeFetch(accepted);
    await createApiClient({ fetch }).sendLead({});
    expect(calls[0]?.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('sends a refused call once more with the cookie the refusal set', async () => {
    const { fetch, calls } = fakeFetch(() => {
      setCookie(FRESH);
      return refused();
    }, accepted);
    await expect(createApiClient({ fetch }).sendLead({})).resolves.toEqual({ id: 'lead-1' });
    expect(calls.map((call) => call.headers['X-XSRF-TOKEN'])).toEqual([undefined, FRESH]);
  });

  it('does not repeat a refusal the cookie cannot cure', async () => {
    setCookie(TOKEN);
    const { fetch, calls } = fakeFetch(refused);
    const sending = createApiClient({ fetch }).sendLead({});
    await expect(sending).rejects.toBeInstanceOf(ApiError);
    await expect(sending).rejects.toMatchObject({ status: 403, body: { error: XSRF_REFUSED } });
    expect(calls).toHaveLength(1);
  });
});

describe('sending a lead', () => {
  const LEAD = { email: 'a@example.com', phone: '3105550147' };
  const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
  const keysOf = (calls: { headers: Record<string, string> }[]) =>
    calls.map((call) => call.headers[IDEMPOTENCY_KEY_HEADER]);
  const noPause = { leadRetryDelaysMs: [0, 0] };

  it('sends it with an Idempotency-Key the server accepts (16 or more visible characters)', async () => {
    const { fetch, calls } = fakeFetch(accepted);
    await createApiClient({ fetch }).sendLead(LEAD);
    expect(keysOf(calls)[0]).toMatch(/^[\x21-\x7e]{16,255}$/);
  });

  it('sends it again under the same key when the answer is lost, and takes the answer that arrives', async () => {
    const { fetch, calls } = fakeFetch(
      unreachable,
      () => json(503, { error: 'unavailable', message: 'Down' }),
      accepted,
    );
    await expect(createApiClient({ fetch, ...noPause }).sendLead(LEAD)).resolves.toEqual({ id: 'lead-1' });
    const keys = keysOf(calls);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives up after two more tries, with the error the visitor is shown', async () => {
    const { fetch, calls } = fakeFetch(unreachable);
    await expect(createApiClient({ fetch, ...noPause }).sendLead(LEAD)).rejects.toMatchObject({ status: 0 });
    expect(calls).toHaveLength(3);
  });

  it('does not send again a lead the server refused', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(400, { error: 'invalid_lead', message: 'The lead has 1 invalid field' }),
    );
    await expect(createApiClient({ fetch, ...noPause }).sendLead(LEAD)).rejects.toMatchObject({ status: 400 });
    expect(calls).toHaveLength(1);
  });

  it('keeps the key for the same lead sent again later, and takes a new one for a changed lead', async () => {
    const { fetch, calls } = fakeFetch(unreachable, unreachable, unreachable, accepted);
    const api = createApiClient({ fetch, ...noPause });
    await expect(api.sendLead(LEAD)).rejects.toBeInstanceOf(ApiError);
    await api.sendLead({ ...LEAD });
    await api.sendLead({ ...LEAD, phone: '3105550148' });
    const keys = keysOf(calls);
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('gives two visitors (two pages) different keys for the same answers', async () => {
    const first = fakeFetch(accepted);
    const second = fakeFetch(accepted);
    await createApiClient({ fetch: first.fetch }).sendLead(LEAD);
    await createApiClient({ fetch: second.fetch }).sendLead(LEAD);
    expect(keysOf(first.calls)[0]).not.toBe(keysOf(second.calls)[0]);
  });
});
