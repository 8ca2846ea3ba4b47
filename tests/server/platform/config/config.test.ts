import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VARIABLES } from '../../../../server/platform/config/settings.ts';
import { ConfigError, loadConfig, loadDotEnv, readConfig } from '../../../../server/platform/config/load.ts';
import { renderEnvExample } from '../../../../tools/env-example-text.ts';
import { PROJECT_ROOT } from '../../../../server/platform/paths.ts';
import { UNDELIVERED_KEPT_DAYS } from '../../../../server/retention/purge.ts';
import { configProblems, tempDir } from '../../../support/server-harness.ts';

describe('configuration', () => {
  it('starts with every default when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: join(PROJECT_ROOT, 'data'),
      staticDir: join(PROJECT_ROOT, 'dist'),
      productName: 'Fundflow',
      buyerName: 'Lead buyer',
      loadTrustedFormScript: false,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBeUndefined();
    expect(config.gtmId).toBeUndefined();
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/fundflow',
      DATABASE_URL: 'postgres://app:pw@db.internal:5432/fundflow',
      STATIC_DIR: 'build',
      PRODUCT_NAME: 'Acme Funding',
      PRIVACY_URL: 'https://acme.example/privacy',
      TERMS_URL: 'https://acme.example/terms',
      DO_NOT_SELL_URL: 'http://acme.example/opt-out',
      GTM_ID: 'GTM-AB12CD',
      GTM_AUTH: 'x_Y-z',
      GTM_PREVIEW: 'env-7',
      LOAD_TRUSTED_FORM_SCRIPT: '1',
      GOOGLE_MAPS_API_KEY: 'AIzaSyTestKey_123',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/fundflow',
      databaseUrl: 'postgres://app:pw@db.internal:5432/fundflow',
      staticDir: join(PROJECT_ROOT, 'build'),
      productName: 'Acme Funding',
      privacyUrl: 'https://acme.example/privacy',
      termsUrl: 'https://acme.example/terms',
      doNotSellUrl: 'http://acme.example/opt-out',
      gtmId: 'GTM-AB12CD',
      gtmAuth: 'x_Y-z',
      gtmPreview: 'env-7',
      loadTrustedFormScript: true,
      googleMapsApiKey: 'AIzaSyTestKey_123',
      trustProxy: ['10.0.0.0/8', '127.0.0.1', '::1', 'loopback'],
      logLevel: 'warn',
    });
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads LOAD_TRUSTED_FORM_SCRIPT=%s as %s', (raw, value) => {
    expect(loadConfig({ LOAD_TRUSTED_FORM_SCRIPT: raw }).loadTrustedFormScript).toBe(value);
  });

  it('reads CSP_TAG_SOURCES as https origins, named or wildcard, and refuses anything else by name', () => {
    expect(
      loadConfig({
        CSP_TAG_SOURCES: 'https://www.googleadservices.com, https://*.DoubleClick.net,https://bat.bing.com',
      }).cspTagSources,
    ).toEqual(['https://www.googleadservices.com', 'https://*.doubleclick.net', 'https://bat.bing.com']);
    expect(
      configProblems({
        CSP_TAG_SOURCES: "https://ok.example,http://plain.example,https://a.example/path,'unsafe-inline',*",
      }),
    ).toEqual([
      'CSP_TAG_SOURCES must list https origins separated by commas, like ' +
        'https://www.googleadservices.com,https://*.doubleclick.net ' +
        '("http://plain.example", "https://a.example/path", "\'unsafe-inline\'", "*" are not) ' +
        '(got "https://ok.example,http://plain.example,https://a.example/path,\'unsafe-inline\',*")',
    ]);
  });

  it('refuses ENHANCED_CONVERSIONS without a tag manager to send its hashes to', () => {
    expect(loadConfig({ GTM_ID: 'GTM-AB12CD', ENHANCED_CONVERSIONS: 'true' }).enhancedConversions).toBe(true);
    expect(loadConfig({}).enhancedConversions).toBe(false);
    expect(configProblems({ ENHANCED_CONVERSIONS: 'true' })).toEqual([
      'ENHANCED_CONVERSIONS needs GTM_ID (its hashes go to the tag manager): set GTM_ID, or remove it',
    ]);
  });

  it('treats a blank value as unset', () => {
    const config = loadConfig({ PORT: '  ', PRIVACY_URL: '', DATABASE_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.privacyUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('lists every problem at once, each naming its variable and what to fix', () => {
    const problems = configProblems({
      PORT: 'abc',
      PRIVACY_URL: 'example.com/privacy',
      TERMS_URL: 'ftp://example.com/terms',
      GTM_ID: 'UA-12345',
      LOAD_TRUSTED_FORM_SCRIPT: 'yes',
      TRUST_PROXY: '10.0.0.0/8,proxy.internal,10.0.0.0/33',
      LOG_LEVEL: 'verbose',
      BUYER_NAME: 'Quillmont\nCapital',
    });
    expect(problems).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "abc")',
      'PRIVACY_URL must be an absolute http:// or https:// URL, like https://example.com/privacy (got "example.com/privacy")',
      'TERMS_URL must be an absolute http:// or https:// URL, like https://example.com/privacy (got "ftp://example.com/terms")',
      'GTM_ID must be a Google Tag Manager container id like GTM-XXXXXXX (got "UA-12345")',
      'LOAD_TRUSTED_FORM_SCRIPT must be true, false, 1 or 0 (got "yes")',
      'BUYER_NAME must be plain text on one line (got "Quillmont\\nCapital")',
      'TRUST_PROXY must list proxy addresses or CIDR ranges separated by commas, like 10.0.0.0/8,127.0.0.1 ' +
        '("proxy.internal", "10.0.0.0/33" are not) (got "10.0.0.0/8,proxy.internal,10.0.0.0/33")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ]);
  });

  it('says in the error message what to fix, one line per problem', () => {
    expect(() => loadConfig({ PORT: '70000', HOST: 'bad host' })).toThrow(
      'The server settings have 2 problems. Fix them in the environment or in .env (see .env.example):\n' +
        '  - PORT must be a whole number from 1 to 65535 (got "70000")\n' +
        '  - HOST must be an address to listen on, such as 0.0.0.0 (every interface), 127.0.0.1 or :: (got "bad host")',
    );
  });

  it.each(['0', '65536', '3000.5', '-1', '3e3'])('refuses PORT=%s', (port) => {
    expect(configProblems({ PORT: port })[0]).toMatch(/^PORT must be a whole number from 1 to 65535/);
  });

  it('never repeats a DATABASE_URL, which may hold a password', () => {
    const [problem] = configProblems({ DATABASE_URL: 'mysql://app:s3cret@db/fundflow' });
    expect(problem).toMatch(/^DATABASE_URL must be a PostgreSQL URL/);
    expect(problem).not.toContain('s3cret');
  });

  it('accepts postgresql:// as well as postgres://', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/fundflow' }).databaseUrl).toBe(
      'postgresql://localhost/fundflow',
    );
  });

  it('wants GTM_AUTH and GTM_PREVIEW together and with GTM_ID', () => {
    expect(configProblems({ GTM_ID: 'GTM-AB12', GTM_AUTH: 'abc' })).toEqual([
      'GTM_AUTH and GTM_PREVIEW go together (both come from one Google Tag Manager environment): set both or neither',
    ]);
    expect(configProblems({ GTM_AUTH: 'abc', GTM_PREVIEW: 'env-2' })).toEqual([
      'GTM_AUTH and GTM_PREVIEW need GTM_ID: set GTM_ID to the container id, or remove them',
    ]);
    expect(configProblems({ GTM_ID: 'GTM-AB12', GTM_AUTH: 'abc', GTM_PREVIEW: 'preview' })).toEqual([
      'GTM_PREVIEW must be the gtm_preview value of a Google Tag Manager environment, like env-3 (got "preview")',
    ]);
  });

  it('suggests addresses through Places API (New) unless GOOGLE_PLACES_API is legacy, and refuses any other value', () => {
    expect(loadConfig({}).googlePlacesApi).toBe('new');
    expect(loadConfig({ GOOGLE_PLACES_API: 'legacy' }).googlePlacesApi).toBe('legacy');
    expect(loadConfig({ GOOGLE_PLACES_API: ' New ' }).googlePlacesApi).toBe('new');
    expect(configProblems({ GOOGLE_PLACES_API: 'v2' })).toEqual([
      'GOOGLE_PLACES_API must be new (Places API (New), for every key) or legacy (the legacy Places Autocomplete, ' +
        'only for Google Cloud projects that still have it) (got "v2")',
    ]);
  });
});

describe('.env', () => {
  const names = ['FUNDFLOW_TEST_FROM_FILE', 'FUNDFLOW_TEST_BOTH'];
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it('is read when present, and the environment wins over it', () => {
    const dir = tempDir();
    const file = join(dir.path, '.env');
    writeFileSync(file, 'FUNDFLOW_TEST_FROM_FILE=file\nFUNDFLOW_TEST_BOTH=file\n');
    process.env.FUNDFLOW_TEST_BOTH = 'environment';
    loadDotEnv(file);
    expect(process.env.FUNDFLOW_TEST_FROM_FILE).toBe('file');
    expect(process.env.FUNDFLOW_TEST_BOTH).toBe('environment');
    dir.remove();
  });

  it('is optional', () => {
    const dir = tempDir();
    expect(() => loadDotEnv(join(dir.path, '.env'))).not.toThrow();
    dir.remove();
  });
});

describe('.env.example', () => {
  it('is up to date with the settings table', () => {
    expect(readFileSync(join(PROJECT_ROOT, '.env.example'), 'utf8')).toBe(renderEnvExample());
  });

  it('lists every variable with its description', () => {
    const text = renderEnvExample();
    for (const variable of Object.values(VARIABLES)) {
      expect(text).toContain(`# ${variable.name}=`);
      expect(text.replace(/\n# /g, ' ')).toContain(variable.description);
    }
  });

  it('has a --check mode for CI that passes on the committed file', () => {
    const run = spawnSync(process.execPath, ['tools/env-example.ts', '--check'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('.env.example is up to date');
    expect(run.status).toBe(0);
  });
});

// Two 32-byte signing keys, as `npm run leads -- new-secret` makes them.
const NEW_KEY = Buffer.alloc(32, 7);
const OLD_KEY = Buffer.alloc(32, 9);

describe('lead delivery settings', () => {
  it('leave delivery off by default, with a 10 s timeout and a crashed attempt retried 60 s after it', () => {
    const config = loadConfig({});
    expect(config.buyerUrl).toBeUndefined();
    expect(config.buyerSigningKeys).toBeUndefined();
    expect(config.buyerTimeoutMs).toBe(10_000);
    expect(config.buyerReclaimSeconds).toBe(60);
  });

  it('read how soon a crashed attempt is taken back, from 5 s to 10 min', () => {
    expect(loadConfig({ BUYER_RECLAIM_SECONDS: '5' }).buyerReclaimSeconds).toBe(5);
    expect(loadConfig({ BUYER_RECLAIM_SECONDS: '600' }).buyerReclaimSeconds).toBe(600);
    for (const raw of ['4', '601', '30s', '1.5']) {
      expect(configProblems({ BUYER_RECLAIM_SECONDS: raw })).toEqual([
        `BUYER_RECLAIM_SECONDS must be a whole number of seconds from 5 to 600 (got "${raw}")`,
      ]);
    }
  });

  it('read the buyer URL, the signing secret and the timeout', () => {
    const config = loadConfig({
      BUYER_URL: 'https://leads.example.com/v1/leads?source=fundflow',
      BUYER_SECRET: `whsec_${NEW_KEY.toString('base64')}`,
      BUYER_TIMEOUT_MS: '2500',
    });
    expect(config).toMatchObject({
      buyerUrl: 'https://leads.example.com/v1/leads?source=fundflow',
      buyerSigningKeys: [NEW_KEY],
      buyerTimeoutMs: 2500,
    });
  });

  it('read a rotation: the new secret first, the old one after it', () => {
    const config = loadConfig({
      BUYER_SECRET: `whsec_${NEW_KEY.toString('base64')}, whsec_${OLD_KEY.toString('base64')}`,
    });
    expect(config.buyerSigningKeys).toEqual([NEW_KEY, OLD_KEY]);
  });

  it('name what is wrong without repeating the URL or the secret', () => {
    expect(
      configProblems({
        BUYER_URL: 'ftp://leads.example.com/?token=abc',
        BUYER_SECRET: 'a-long-random-string-shared-with-the-buyer',
        BUYER_TIMEOUT_MS: '0.5',
      }),
    ).toEqual([
      'BUYER_URL must be an absolute http:// or https:// URL, like https://example.com/privacy ' +
        '(value not shown: it may hold a password)',
      'BUYER_SECRET must be "whsec_" followed by base64: make one with npm run leads -- new-secret ' +
        '(value not shown: it may hold a password)',
      'BUYER_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000 (got "0.5")',
    ]);
    expect(configProblems({ BUYER_SECRET: `whsec_${NEW_KEY.toString('base64')},whsec_c2hvcnQ=` })).toEqual([
      'BUYER_SECRET must hold 24 to 64 random bytes after "whsec_" (it holds 5) (secret 2 of 2): make one ' +
        'with npm run leads -- new-secret (value not shown: it may hold a password)',
    ]);
  });
});

describe('renamed settings', () => {
  const URL = 'https://leads.example.com/v1/leads';
  const SECRET = `whsec_${NEW_KEY.toString('base64')}`;

  it('still reads each former name when the new one is unset, with a notice naming the new one', () => {
    const { config, notices } = readConfig({
      LENDERS_FILE: 'docs/buyers.example.json',
      LEAD_FORWARD_SECRET: SECRET,
      LEAD_FORWARD_TIMEOUT_MS: '2500',
      LEAD_FORWARD_RECLAIM_SECONDS: '30',
    });
    expect(config).toMatchObject({
      buyersFile: join(PROJECT_ROOT, 'docs', 'buyers.example.json'),
      buyerSigningKeys: [NEW_KEY],
      buyerTimeoutMs: 2500,
      buyerReclaimSeconds: 30,
    });
    expect(notices).toEqual([
      'LENDERS_FILE is read as BUYERS_FILE, its new name: rename it',
      'LEAD_FORWARD_SECRET is read as BUYER_SECRET, its new name: rename it',
      'LEAD_FORWARD_TIMEOUT_MS is read as BUYER_TIMEOUT_MS, its new name: rename it',
      'LEAD_FORWARD_RECLAIM_SECONDS is read as BUYER_RECLAIM_SECONDS, its new name: rename it',
    ]);
    expect(readConfig({ LEAD_FORWARD_URL: URL })).toMatchObject({
      config: { buyerUrl: URL },
      notices: ['LEAD_FORWARD_URL is read as BUYER_URL, its new name: rename it'],
    });
  });

  it('gives no notice when only the new names are set', () => {
    expect(readConfig({ BUYER_URL: URL, BUYER_SECRET: SECRET }).notices).toEqual([]);
    expect(readConfig({}).notices).toEqual([]);
  });

  it('takes both names set alike, asking to remove the former', () => {
    expect(readConfig({ BUYER_URL: URL, LEAD_FORWARD_URL: ` ${URL} ` })).toMatchObject({
      config: { buyerUrl: URL },
      notices: ['LEAD_FORWARD_URL is set beside BUYER_URL, its new name, to the same value: remove it'],
    });
  });

  it('refuses both names set to different values, naming both and neither value', () => {
    expect(
      configProblems({
        BUYER_URL: URL,
        LEAD_FORWARD_URL: 'https://old.example.com/leads',
        BUYER_TIMEOUT_MS: '2500',
        LEAD_FORWARD_TIMEOUT_MS: '5000',
      }),
    ).toEqual([
      "LEAD_FORWARD_URL and BUYER_URL are both set, to different values: BUYER_URL is LEAD_FORWARD_URL's new name, " +
        'keep the value you mean under BUYER_URL and remove LEAD_FORWARD_URL',
      'LEAD_FORWARD_TIMEOUT_MS and BUYER_TIMEOUT_MS are both set, to different values: BUYER_TIMEOUT_MS is ' +
        "LEAD_FORWARD_TIMEOUT_MS's new name, keep the value you mean under BUYER_TIMEOUT_MS and remove " +
        'LEAD_FORWARD_TIMEOUT_MS',
    ]);
  });

  it('names the former name the operator set when its value is wrong, and lists the notices with the problems', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ LEAD_FORWARD_TIMEOUT_MS: '0.5' });
    } catch (thrown) {
      error = thrown as ConfigError;
    }
    expect(error?.problems).toEqual([
      'LEAD_FORWARD_TIMEOUT_MS (read as BUYER_TIMEOUT_MS) must be a whole number of milliseconds from 1000 to 120000 ' +
        '(got "0.5")',
    ]);
    expect(error?.message).toBe(
      'The server settings have 1 problem. Fix them in the environment or in .env (see .env.example):\n' +
        '  - LEAD_FORWARD_TIMEOUT_MS (read as BUYER_TIMEOUT_MS) must be a whole number of milliseconds from 1000 to ' +
        '120000 (got "0.5")\n' +
        'Renamed settings:\n' +
        '  - LEAD_FORWARD_TIMEOUT_MS is read as BUYER_TIMEOUT_MS, its new name: rename it',
    );
  });

  it('refuses a buyers file and a buyer URL set under their former names, in the new names', () => {
    expect(configProblems({ LENDERS_FILE: '/srv/buyers.json', LEAD_FORWARD_URL: URL })).toEqual([
      'BUYER_URL and BUYERS_FILE are both set: move BUYER_URL (with BUYER_SECRET) into BUYERS_FILE as a buyer ' +
        '(docs/buyers.md), then remove them',
    ]);
  });

  it('never shows a former name in .env.example', () => {
    const text = renderEnvExample();
    for (const variable of Object.values(VARIABLES) as { formerName?: string }[]) {
      if (variable.formerName !== undefined) expect(text).not.toContain(variable.formerName);
    }
  });
});

describe('rate limit and phone lookup cost settings', () => {
  it('default to limits an office of hundreds behind one address never meets, and a daily lookup cap', () => {
    expect(loadConfig({})).toMatchObject({
      rateLimitIpWindowSeconds: 3600,
      rateLimitSessionWindowSeconds: 60,
      rateLimitLeadsPerIp: 300,
      rateLimitLeadsPerSession: 5,
      rateLimitPhonePerIp: 1000,
      rateLimitPhonePerSession: 20,
      phoneLookupCacheSeconds: 86_400,
      phoneLookupDailyCap: 2000,
    });
  });

  it('read each setting, 0 switching a limit or the cap off', () => {
    const config = loadConfig({
      RATE_LIMIT_IP_WINDOW_SECONDS: '600',
      RATE_LIMIT_SESSION_WINDOW_SECONDS: '30',
      RATE_LIMIT_LEADS_PER_IP: '0',
      RATE_LIMIT_LEADS_PER_SESSION: '3',
      RATE_LIMIT_PHONE_PER_IP: '5000',
      RATE_LIMIT_PHONE_PER_SESSION: '0',
      PHONE_LOOKUP_CACHE_SECONDS: '0',
      PHONE_LOOKUP_DAILY_CAP: '0',
    });
    expect(config).toMatchObject({
      rateLimitIpWindowSeconds: 600,
      rateLimitSessionWindowSeconds: 30,
      rateLimitLeadsPerIp: 0,
      rateLimitLeadsPerSession: 3,
      rateLimitPhonePerIp: 5000,
      rateLimitPhonePerSession: 0,
      phoneLookupCacheSeconds: 0,
      phoneLookupDailyCap: 0,
    });
  });

  it('name what is wrong with each', () => {
    expect(
      configProblems({
        RATE_LIMIT_IP_WINDOW_SECONDS: '0',
        RATE_LIMIT_SESSION_WINDOW_SECONDS: '1m',
        RATE_LIMIT_LEADS_PER_IP: '-1',
        RATE_LIMIT_LEADS_PER_SESSION: '2.5',
        RATE_LIMIT_PHONE_PER_IP: 'unlimited',
        RATE_LIMIT_PHONE_PER_SESSION: '1000001',
        PHONE_LOOKUP_CACHE_SECONDS: '2592001',
        PHONE_LOOKUP_DAILY_CAP: 'none',
      }),
    ).toEqual([
      'PHONE_LOOKUP_CACHE_SECONDS must be a whole number of seconds from 0 to 2592000 (got "2592001")',
      'PHONE_LOOKUP_DAILY_CAP must be a whole number of lookups a day from 0 (no cap) to 10000000 (got "none")',
      'RATE_LIMIT_IP_WINDOW_SECONDS must be a whole number of seconds from 1 to 86400 (got "0")',
      'RATE_LIMIT_SESSION_WINDOW_SECONDS must be a whole number of seconds from 1 to 86400 (got "1m")',
      'RATE_LIMIT_LEADS_PER_IP must be a whole number of requests from 0 (no limit) to 1000000 (got "-1")',
      'RATE_LIMIT_LEADS_PER_SESSION must be a whole number of requests from 0 (no limit) to 1000000 (got "2.5")',
      'RATE_LIMIT_PHONE_PER_IP must be a whole number of requests from 0 (no limit) to 1000000 (got "unlimited")',
      'RATE_LIMIT_PHONE_PER_SESSION must be a whole number of requests from 0 (no limit) to 1000000 (got "1000001")',
    ]);
  });
});

describe('retention settings', () => {
  it("keep a lead's personal data for a year by default", () => {
    expect(loadConfig({}).leadRetentionDays).toBe(365);
  });

  it('read LEAD_RETENTION_DAYS from 30 days to five years', () => {
    expect(loadConfig({ LEAD_RETENTION_DAYS: '30' }).leadRetentionDays).toBe(30);
    expect(loadConfig({ LEAD_RETENTION_DAYS: '1826' }).leadRetentionDays).toBe(1826);
  });

  it.each(['29', '1827', '0', '90.5', 'forever'])('refuse LEAD_RETENTION_DAYS=%s, saying the range', (days) => {
    expect(configProblems({ LEAD_RETENTION_DAYS: days })).toEqual([
      `LEAD_RETENTION_DAYS must be a whole number of days from 30 to 1826 (got "${days}")`,
    ]);
  });

  it('describe the delivery window retention keeps undelivered leads for', () => {
    expect(VARIABLES.leadRetentionDays.description).toContain(`at least ${UNDELIVERED_KEPT_DAYS} days`);
  });
});
