/** The page's API client: the XSRF-TOKEN cookie copied into X-XSRF-TOKEN on state-changing calls to this site only. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, XSRF_COOKIE, XSRF_REFUSED } from '../../engine/api/client.ts';

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
function fakeFetch(...answers: (() => Response)[]) {
  const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = { ...(init?.headers as Record<string, string>) };
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers });
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
