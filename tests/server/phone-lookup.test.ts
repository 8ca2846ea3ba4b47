/** The phone lookup service adapter, against a local stand-in for the provider. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpPhoneCheck } from '../../server/phone/http-phone-check.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { json, startStandInService, type StandInService } from './stand-in-service.ts';

let provider: StandInService;
let warnings: string[];

beforeAll(async () => {
  provider = await startStandInService(json(200, { status: 'connected-75' }));
});

afterAll(() => provider.close());

beforeEach(() => {
  provider.requests.length = 0;
  provider.answer(json(200, { status: 'connected-75' }));
  warnings = [];
});

function check(timeoutMs = 2000) {
  return httpPhoneCheck({
    url: `${provider.url}/v1/status`,
    apiKey: 'lookup-key.123',
    timeoutMs,
    warn: (message) => warnings.push(message),
  });
}

describe('httpPhoneCheck', () => {
  it("asks the provider with the number and the key, and answers the provider's status", async () => {
    expect(await check().status('2125550123')).toBe('connected-75');
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request).toMatchObject({ method: 'GET', url: '/v1/status?phone=2125550123' });
    expect(request?.headers.authorization).toBe('Bearer lookup-key.123');
    expect(request?.headers.accept).toBe('application/json');
    expect(warnings).toEqual([]);
  });

  it('keeps a query the provider URL already has', async () => {
    const withQuery = httpPhoneCheck({
      url: `${provider.url}/v1/status?account=7`,
      apiKey: 'k',
      warn: (message) => warnings.push(message),
    });
    await withQuery.status('2125550123');
    expect(provider.requests[0]?.url).toBe('/v1/status?account=7&phone=2125550123');
  });

  describe('falls back to the offline check, with a warning that never holds the number', () => {
    it.each([
      ['an HTTP error', json(503, { error: 'maintenance' }), 'HTTP 503'],
      ['an answer that is not JSON', (_request, response) => response.end('<html>oops</html>'), 'no "status"'],
      ['JSON without a status', json(200, { result: 'ok' }), 'no "status"'],
      ['a status that is not text', json(200, { status: 1 }), 'no "status"'],
    ] satisfies [string, Parameters<StandInService['answer']>[0], string][])('on %s', async (_case, answer, reason) => {
      provider.answer(answer);
      const phoneCheck = check();
      expect(await phoneCheck.status('2125550123')).toBe('connected');
      expect(await phoneCheck.status('5555555555')).toBe('invalid');
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toContain(reason);
      for (const warning of warnings) expect(warning).not.toMatch(/2125550123|5555555555/);
    });

    it('when the provider does not answer in time', async () => {
      provider.answer(() => undefined);
      expect(await check(150).status('2125550123')).toBe('connected');
      expect(warnings).toEqual(['phone lookup failed (no answer within 150 ms): the offline check answered']);
    });

    it('when the provider cannot be reached', async () => {
      const gone = await startStandInService(json(200, { status: 'connected' }));
      await gone.close();
      const unreachable = httpPhoneCheck({ url: gone.url, apiKey: 'k', warn: (message) => warnings.push(message) });
      expect(await unreachable.status('2125550123')).toBe('connected');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).not.toContain('2125550123');
    });
  });
});

describe('GET /api/v1/phone/validate with PHONE_LOOKUP_URL set', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ PHONE_LOOKUP_URL: `${provider.url}/lookup`, PHONE_LOOKUP_API_KEY: 'from-config' });
  }, 60_000);
  afterAll(() => server?.close());

  it("answers the provider's status", async () => {
    provider.answer(json(200, { status: 'disconnected' }));
    const response = await server.app.inject('/api/v1/phone/validate?phone=2125550123');
    expect(response.json()).toEqual({ status: 'disconnected' });
    expect(provider.requests[0]?.headers.authorization).toBe('Bearer from-config');
  });
});
