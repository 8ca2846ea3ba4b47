/** The settings of the third-party services: phone lookup and TrustedForm. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/platform/config/load.ts';
import { configProblems } from '../../../support/server-harness.ts';

describe('service settings', () => {
  it('are off by default', () => {
    const config = loadConfig({});
    expect(config.phoneLookupUrl).toBeUndefined();
    expect(config.phoneLookupApiKey).toBeUndefined();
    expect(config.trustedFormApiKey).toBeUndefined();
  });

  it('read the phone lookup service and the TrustedForm key', () => {
    const config = loadConfig({
      PHONE_LOOKUP_URL: 'https://lookup.example.com/v1/status',
      PHONE_LOOKUP_API_KEY: 'pk_live.Ab+12/x=',
      TRUSTEDFORM_API_KEY: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    });
    expect(config).toMatchObject({
      phoneLookupUrl: 'https://lookup.example.com/v1/status',
      phoneLookupApiKey: 'pk_live.Ab+12/x=',
      trustedFormApiKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    });
  });

  it('want the phone lookup URL and its key together', () => {
    const pair =
      'PHONE_LOOKUP_URL and PHONE_LOOKUP_API_KEY go together (the service needs its key): set both or neither';
    expect(configProblems({ PHONE_LOOKUP_URL: 'https://lookup.example.com' })).toEqual([pair]);
    expect(configProblems({ PHONE_LOOKUP_API_KEY: 'key' })).toEqual([pair]);
  });

  it('refuse a lookup URL that is not a web address', () => {
    expect(configProblems({ PHONE_LOOKUP_URL: 'lookup.example.com', PHONE_LOOKUP_API_KEY: 'key' })).toEqual([
      'PHONE_LOOKUP_URL must be an absolute http:// or https:// URL, like https://example.com/privacy ' +
        '(got "lookup.example.com")',
    ]);
  });

  it('never repeat a key, and do not ask for the pair again when the key itself is wrong', () => {
    const problems = configProblems({
      PHONE_LOOKUP_URL: 'https://lookup.example.com',
      PHONE_LOOKUP_API_KEY: 'secret with spaces',
      TRUSTEDFORM_API_KEY: 'tf secret',
    });
    const notShown = '(value not shown: it may hold a password)';
    expect(problems).toEqual([
      `PHONE_LOOKUP_API_KEY must be the key exactly as the service issued it (no spaces) ${notShown}`,
      `TRUSTEDFORM_API_KEY must be the key exactly as the service issued it (no spaces) ${notShown}`,
    ]);
    expect(problems.join('\n')).not.toContain('secret');
  });
});
