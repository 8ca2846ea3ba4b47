/**
 * The buyers from the settings: BUYERS_FILE read and checked at start (every kind of mistake named with the file, the
 * buyer and the field, never a secret or an endpoint), BUYER_URL alone as the one buyer it always was, both
 * refused, neither giving none; and each buyer's client.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../server/platform/config/load.ts';
import { LENDERS_CONTENT_FILE, readLenders } from '../../../../server/intake/leads/lenders.ts';
import { PROJECT_ROOT } from '../../../../server/platform/paths.ts';
import { SINGLE_BUYER_ID } from '../../../../server/buyers/buyer.ts';
import { loadBuyers, loadBuyersAndSale, routedBuyers } from '../../../../server/buyers/file/buyers-file.ts';
import { startTestBuyer, type TestBuyer } from '../../../support/test-buyer.ts';
import { verifyWebhook } from '../../../support/webhook-verify.ts';

const LENDERS = readLenders(LENDERS_CONTENT_FILE);
const SECRET = 'whsec_x+ebj3oT5B4ommFHzPAEdl9pKohK1ZCLH9Esoz/aXEo=';
const OTHER_SECRET = 'whsec_v+58tyPGBBZjfwE/gDKCjt47h6nADou8qFKRPHwKT7c=';
const keyOf = (secret: string) => Buffer.from(secret.slice('whsec_'.length), 'base64');

const dir = mkdtempSync(join(tmpdir(), 'fundflow-buyers-'));
let files = 0;
function writeFile(text: string): string {
  files += 1;
  const file = join(dir, `buyers-${files}.json`);
  writeFileSync(file, text);
  return file;
}

/** The problems ConfigError lists for this file, each without the file's path. */
function problemsOf(json: unknown): string[] {
  const file = writeFile(JSON.stringify(json));
  try {
    loadBuyers({ buyersFile: file }, LENDERS);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.map((problem) => problem.replace(`BUYERS_FILE ${file}: `, ''));
  }
  throw new Error('the file was taken');
}

/** What an http:// URL to another machine is told. */
const CLEARTEXT =
  "must be https://: over http:// a lead's personal data would cross the network in clear (http:// is taken only " +
  'for this machine: 127.0.0.0/8, ::1, localhost) (not shown here: it may hold a key)';

const quillmont = { lender: 'quillmont', endpoint: 'https://leads.quillmont.example/v1/leads', priority: 1 };
const vantorra = { lender: 'vantorra', endpoint: 'https://vantorra.example/leads', priority: 2 };

describe('loadBuyers from BUYERS_FILE', () => {
  it('reads docs/buyers.example.json: every buyer in file order, its name from site/content/lenders.json', () => {
    const buyers = loadBuyers({ buyersFile: join(PROJECT_ROOT, 'docs', 'buyers.example.json') }, LENDERS);
    expect(buyers.map(({ id, name, priority, timeZone }) => ({ id, name, priority, timeZone }))).toEqual([
      { id: 'quillmont', name: 'Quillmont Capital', priority: 1, timeZone: 'America/New_York' },
      { id: 'vantorra', name: 'Vantorra Funding', priority: 2, timeZone: 'America/Los_Angeles' },
      { id: 'elmsbrook', name: 'Elmsbrook Lending', priority: 2, timeZone: 'America/Chicago' },
    ]);
    expect(buyers.map((buyer) => buyer.signingKeys.length)).toEqual([1, 2, 0]);
  });

  it('fills in what a buyer leaves out: any lead, any hour, no caps, unsigned, the zone America/Los_Angeles, no price', () => {
    const file = writeFile(JSON.stringify({ buyers: [quillmont] }));
    expect(loadBuyersAndSale({ buyersFile: file }, LENDERS)).toEqual({
      buyers: [
        {
          id: 'quillmont',
          name: 'Quillmont Capital',
          priority: 1,
          timeZone: 'America/Los_Angeles',
          filters: {},
          caps: {},
          endpoint: 'https://leads.quillmont.example/v1/leads',
          signingKeys: [],
          pingTimeoutMs: 750,
        },
      ],
      sale: { floorPrice: 0, maxBid: 1000, failoverSeconds: 120 },
    });
  });

  it('keeps everything a buyer says', () => {
    const full = {
      ...quillmont,
      secrets: [SECRET, OTHER_SECRET],
      timeZone: 'America/New_York',
      filters: {
        states: ['CA', 'NY'],
        amount: { min: 10000, max: 250000 },
        creditScores: ['Excellent (720+)'],
        monthsInBusiness: { min: 6, max: 600 },
        loanPurposes: ['EQUIPMENTPURCHASE'],
        flowVersions: ['v1', 'v2'],
      },
      schedule: { days: ['mon', 'fri'], from: '08:00', to: '18:00' },
      caps: { perDay: 50, perMonth: 1000 },
      dedupeDays: 30,
      fieldMap: { email: 'contact_email' },
      eventsEndpoint: 'https://leads.quillmont.example/v1/events',
      price: 42.5,
      pingEndpoint: 'https://leads.quillmont.example/v1/ping',
      pingTimeoutMs: 400,
      minPrice: 19.99,
    };
    const file = writeFile(JSON.stringify({ buyers: [full], floorPrice: 5.25, maxBid: 300, failoverSeconds: 60 }));
    const { lender, secrets, ...kept } = full;
    expect(loadBuyersAndSale({ buyersFile: file }, LENDERS)).toEqual({
      buyers: [{ ...kept, id: lender, name: 'Quillmont Capital', signingKeys: secrets.map(keyOf) }],
      sale: { floorPrice: 5.25, maxBid: 300, failoverSeconds: 60 },
    });
  });

  it('takes a price of 0 and whole cents, and gives the default terms without a file', () => {
    const file = writeFile(
      JSON.stringify({
        buyers: [
          { ...quillmont, price: 0 },
          { ...vantorra, price: 19.99, minPrice: 0.01 },
        ],
      }),
    );
    expect(loadBuyers({ buyersFile: file }, LENDERS).map(({ price, minPrice }) => ({ price, minPrice }))).toEqual([
      { price: 0, minPrice: undefined },
      { price: 19.99, minPrice: 0.01 },
    ]);
    expect(loadBuyersAndSale({ buyerUrl: 'https://leads.example.com/v1/leads' }, LENDERS).sale).toEqual({
      floorPrice: 0,
      maxBid: 1000,
      failoverSeconds: 120,
    });
  });

  it('takes http:// to this machine only: 127.0.0.0/8, ::1 and localhost', () => {
    const local = [
      'http://127.0.0.1:8080/leads',
      'http://127.8.9.10/leads',
      'http://[::1]:9000/leads',
      'http://localhost/leads',
    ];
    const file = writeFile(
      JSON.stringify({
        buyers: local.map((endpoint, index) => ({
          lender: LENDERS[index]!.id,
          endpoint,
          eventsEndpoint: endpoint.replace('/leads', '/events'),
          priority: 1,
        })),
      }),
    );
    expect(loadBuyers({ buyersFile: file }, LENDERS).map((buyer) => buyer.endpoint)).toEqual(local);
  });

  it('takes an empty list, and a lender of lenders.json with no buyer', () => {
    expect(loadBuyers({ buyersFile: writeFile('{ "buyers": [] }') }, LENDERS)).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    [
      'a misspelt key',
      { buyers: [{ ...quillmont, priorty: 1 }] },
      ['buyer "quillmont" /buyers/0/priorty: unknown key "priorty" (did you mean "priority"?)'],
    ],
    [
      'a lender lenders.json lacks',
      { buyers: [{ ...quillmont, lender: 'acme' }] },
      [
        'buyer "acme" /buyers/0/lender: "acme" is not a lender of site/content/lenders.json (its lenders: quillmont, vantorra, elmsbrook, corvane): add it there first, or correct the id',
      ],
    ],
    [
      'a misspelt lender',
      { buyers: [{ ...quillmont, lender: 'quilmont' }] },
      [
        'buyer "quilmont" /buyers/0/lender: "quilmont" is not a lender of site/content/lenders.json (did you mean "quillmont"?): add it there first, or correct the id',
      ],
    ],
    [
      'a lender written as its name',
      { buyers: [{ ...quillmont, lender: 'Quillmont' }] },
      [
        `buyer "Quillmont" /buyers/0/lender: "Quillmont" is not allowed (did you mean "quillmont"?): The lender's id in site/content/lenders.json, which gives its name`,
      ],
    ],
    [
      'a lender twice',
      { buyers: [quillmont, vantorra, { ...quillmont, priority: 3 }] },
      ['buyer "quillmont" /buyers/2/lender: "quillmont" has a buyer already (/buyers/0): each lender once'],
    ],
    [
      'no lender: the buyer is named by its place',
      { buyers: [quillmont, { endpoint: 'https://x.example/leads', priority: 2 }] },
      [
        `buyer #2 /buyers/1: "lender" is missing: add it (The lender's id in site/content/lenders.json, which gives its name)`,
      ],
    ],
    [
      'no endpoint',
      { buyers: [{ lender: 'quillmont', priority: 1 }] },
      ['buyer "quillmont" /buyers/0: "endpoint" is missing: add it (Where its leads are POSTed: an https:// URL)'],
    ],
    [
      'an endpoint that is not http(s), never repeated',
      { buyers: [{ ...quillmont, endpoint: 'ftp://leads.quillmont.example/?token=s3cr3t' }] },
      [
        'buyer "quillmont" /buyers/0/endpoint: must be an absolute https:// URL, like https://leads.buyer.example/v1/leads (not shown here: it may hold a key)',
      ],
    ],
    [
      'an events endpoint that is no URL',
      { buyers: [{ ...quillmont, eventsEndpoint: 'events please' }] },
      [
        'buyer "quillmont" /buyers/0/eventsEndpoint: must be an absolute https:// URL, like https://leads.buyer.example/v1/leads (not shown here: it may hold a key)',
      ],
    ],
    [
      'endpoints in clear to another machine, never repeated',
      {
        buyers: [
          quillmont,
          { ...vantorra, eventsEndpoint: 'http://vantorra.example/events?key=s3cr3t' },
          { ...quillmont, lender: 'elmsbrook', endpoint: 'http://10.0.0.7:8080/leads?key=s3cr3t' },
          { ...quillmont, lender: 'corvane', endpoint: 'http://[::ffff:127.0.0.1]/leads' },
        ],
      },
      [
        `buyer "vantorra" /buyers/1/eventsEndpoint: ${CLEARTEXT}`,
        `buyer "elmsbrook" /buyers/2/endpoint: ${CLEARTEXT}`,
        `buyer "corvane" /buyers/3/endpoint: ${CLEARTEXT}`,
      ],
    ],
    [
      'no priority, and priorities that are not whole numbers from 1',
      {
        buyers: [
          { lender: 'quillmont', endpoint: 'https://q.example/leads' },
          { ...vantorra, priority: 0 },
          { ...quillmont, lender: 'elmsbrook', priority: 1.5 },
          { ...quillmont, lender: 'corvane', priority: '1' },
        ],
      },
      [
        'buyer "quillmont" /buyers/0: "priority" is missing: add it (1 goes first; equal priorities go in the order of this file)',
        'buyer "vantorra" /buyers/1/priority: 0 is out of range: it must be at least 1: 1 goes first; equal priorities go in the order of this file',
        'buyer "elmsbrook" /buyers/2/priority: expected a whole number, found the number 1.5: 1 goes first; equal priorities go in the order of this file',
        'buyer "corvane" /buyers/3/priority: expected a whole number, found the text "1" (write it without quotes: 1): 1 goes first; equal priorities go in the order of this file',
      ],
    ],
    [
      'secrets that are not whsec_ secrets, never repeated',
      { buyers: [{ ...quillmont, secrets: [SECRET, 'whsec_c2hvcnQ=', 'hunter2'] }] },
      [
        'buyer "quillmont" /buyers/0/secrets/1: must hold 24 to 64 random bytes after "whsec_" (it holds 5): make one with npm run leads -- new-secret (the secret is not shown here)',
        'buyer "quillmont" /buyers/0/secrets/2: must be "whsec_" followed by base64: make one with npm run leads -- new-secret (the secret is not shown here)',
      ],
    ],
    [
      'an unknown time zone',
      { buyers: [{ ...quillmont, timeZone: 'Eastern' }] },
      ['buyer "quillmont" /buyers/0/timeZone: "Eastern" is not an IANA time zone, like America/New_York'],
    ],
    [
      'states the product does not serve',
      { buyers: [vantorra, { ...quillmont, filters: { states: ['CA', 'XX', 'PR', 'ny'] } }] },
      [
        'buyer "quillmont" /buyers/1/filters/states/1: "XX" is not a US state code (the 50 states and DC, like "CA")',
        'buyer "quillmont" /buyers/1/filters/states/2: "PR" is a US territory, where the product takes no leads: leave it out',
        'buyer "quillmont" /buyers/1/filters/states/3: "ny" is not a US state code: write it in capitals, "NY"',
      ],
    ],
    [
      'a state twice',
      { buyers: [{ ...quillmont, filters: { states: ['CA', 'CA'] } }] },
      ['buyer "quillmont" /buyers/0/filters/states: "CA" is listed twice'],
    ],
    [
      'ranges upside down or below zero',
      { buyers: [{ ...quillmont, filters: { amount: { min: 250000, max: 10000 }, monthsInBusiness: { min: -1 } } }] },
      [
        'buyer "quillmont" /buyers/0/filters/monthsInBusiness/min: -1 is out of range: it must be at least 0',
        'buyer "quillmont" /buyers/0/filters/amount: min 250000 is above max 10000: swap them',
      ],
    ],
    [
      'an empty list of values, a misspelt filter',
      { buyers: [{ ...quillmont, filters: { creditScores: [], stats: ['CA'] } }] },
      [
        'buyer "quillmont" /buyers/0/filters/stats: unknown key "stats" (did you mean "states"?)',
        'buyer "quillmont" /buyers/0/filters/creditScores: needs at least 1 entry: The credit_score values it takes, as the flow offers them',
      ],
    ],
    [
      'schedules: no days, a day misspelt, a time not HH:MM, hours ending before they start',
      {
        buyers: [
          { ...quillmont, schedule: { days: [], from: '8:00', to: '18:00' } },
          { ...vantorra, schedule: { days: ['monday'], from: '18:00', to: '08:00' } },
          { ...quillmont, lender: 'corvane', schedule: { days: ['sat'], from: '09:00' } },
        ],
      },
      [
        'buyer "quillmont" /buyers/0/schedule/days: needs at least 1 entry: The days it takes leads',
        'buyer "quillmont" /buyers/0/schedule/from: "8:00" is not allowed: When its hours start, 24-hour HH:MM, like 08:00',
        'buyer "vantorra" /buyers/1/schedule/days/0: "monday" is not one of "mon", "tue", "wed", "thu", "fri", "sat", "sun"',
        'buyer "vantorra" /buyers/1/schedule/to: 08:00 is not after from 18:00: the hours run from "from" to "to" within one day',
        'buyer "corvane" /buyers/2/schedule: "to" is missing: add it (When its hours end, 24-hour HH:MM (excluded), like 18:00)',
      ],
    ],
    [
      'filter values no flow offers',
      {
        buyers: [
          {
            ...quillmont,
            filters: {
              creditScores: ['Good (680-720)', 'Excellent (720+)'],
              loanPurposes: ['WORKINGCAPITAL'],
              flowVersions: ['v1', 'v9'],
            },
          },
        ],
      },
      [
        'buyer "quillmont" /buyers/0/filters/creditScores/0: "Good (680-720)" is not a credit score any flow offers (did you mean "Good (680-719)"?)',
        'buyer "quillmont" /buyers/0/filters/loanPurposes/0: "WORKINGCAPITAL" is not a loan purpose any flow offers (the flows offer: EXPANSION, EQUIPMENTPURCHASE, PURCHASEVEHICLE, INVENTORY, PAYROLL, MARKETING, REALESTATE, REMODEL, REFINANCEDEBT, FINANCEACCOUNTSRECEIVABLE, BUYABUSINESS, STARTABUSINESS, OTHER)',
        'buyer "quillmont" /buyers/0/filters/flowVersions/1: "v9" is not a flow version (the versions: v1, v2, v3)',
      ],
    ],
    [
      'caps and a dedupe window out of range',
      { buyers: [{ ...quillmont, caps: { perDay: 0, perWeek: 3 }, dedupeDays: 400 }] },
      [
        'buyer "quillmont" /buyers/0/caps/perWeek: unknown key "perWeek" (allowed: perDay, perMonth)',
        'buyer "quillmont" /buyers/0/caps/perDay: 0 is out of range: it must be at least 1: Most leads per day, in its time zone',
        'buyer "quillmont" /buyers/0/dedupeDays: 400 is out of range: it must be at most 365: Skip a lead whose email or phone it received within this many days',
      ],
    ],
    [
      'a field map naming no lead field, one name twice, a name a kept field has',
      { buyers: [{ ...quillmont, fieldMap: { emial: 'contact', phone: 'contact', first_name: 'name', zipcode: '' } }] },
      [
        'buyer "quillmont" /buyers/0/fieldMap/zipcode: must not be empty',
        'buyer "quillmont" /buyers/0/fieldMap/emial: "emial" is not a lead field (did you mean "email"?)',
        'buyer "quillmont" /buyers/0/fieldMap/phone: "contact" is already the name of "emial": each field needs a name of its own',
        'buyer "quillmont" /buyers/0/fieldMap/first_name: "name" is the name of a lead field it still receives: rename "name" too, or choose another name',
      ],
    ],
    [
      'a price below 0, a fraction of a cent, and a minPrice that is no number',
      {
        buyers: [
          { ...quillmont, price: -1 },
          { ...vantorra, price: 12.345, minPrice: '10' },
        ],
      },
      [
        'buyer "quillmont" /buyers/0/price: -1 is out of range: it must be at least 0: What it pays for each lead it accepts, in USD (at most 2 decimals); absent: no stated price',
        'buyer "vantorra" /buyers/1/minPrice: expected a number, found the text "10" (write it without quotes: 10): The lowest bid of its that may win, in USD (at most 2 decimals)',
        'buyer "vantorra" /buyers/1/price: 12.345 has more than 2 decimals: write whole cents, like 12.35',
      ],
    ],
    [
      'a price past any lead (1e400 reads as Infinity)',
      { buyers: [{ ...quillmont, price: 2_000_000 }] },
      [
        'buyer "quillmont" /buyers/0/price: 2000000 is out of range: it must be at most 1000000: What it pays for each lead it accepts, in USD (at most 2 decimals); absent: no stated price',
      ],
    ],
    [
      'a minPrice of a fraction of a cent',
      { buyers: [{ ...quillmont, minPrice: 0.005 }] },
      ['buyer "quillmont" /buyers/0/minPrice: 0.005 has more than 2 decimals: write whole cents, like 0.01'],
    ],
    [
      'a ping endpoint in clear to another machine, never repeated, and one that is no URL',
      {
        buyers: [
          { ...quillmont, pingEndpoint: 'http://ping.quillmont.example/?key=s3cr3t' },
          { ...vantorra, pingEndpoint: 'bids please' },
        ],
      },
      [
        `buyer "quillmont" /buyers/0/pingEndpoint: ${CLEARTEXT}`,
        'buyer "vantorra" /buyers/1/pingEndpoint: must be an absolute https:// URL, like https://leads.buyer.example/v1/leads (not shown here: it may hold a key)',
      ],
    ],
    [
      'a ping timeout too short, too long, or not whole milliseconds',
      {
        buyers: [
          { ...quillmont, pingTimeoutMs: 10 },
          { ...vantorra, pingTimeoutMs: 60_000 },
          { ...quillmont, lender: 'elmsbrook', pingTimeoutMs: 750.5 },
        ],
      },
      [
        'buyer "quillmont" /buyers/0/pingTimeoutMs: 10 is out of range: it must be at least 50: How long its answer to a ping is waited for, in milliseconds; default 750',
        'buyer "vantorra" /buyers/1/pingTimeoutMs: 60000 is out of range: it must be at most 10000: How long its answer to a ping is waited for, in milliseconds; default 750',
        'buyer "elmsbrook" /buyers/2/pingTimeoutMs: expected a whole number, found the number 750.5: How long its answer to a ping is waited for, in milliseconds; default 750',
      ],
    ],
    [
      "the sale's terms out of range: a floor below 0, a ceiling of 0, no seconds to fail over",
      { buyers: [quillmont], floorPrice: -0.5, maxBid: 0, failoverSeconds: 0 },
      [
        '/floorPrice: -0.5 is out of range: it must be at least 0: The least a bid must be for a lead to be sold on it, in USD (at most 2 decimals); default 0',
        '/maxBid: 0 is out of range: it must be more than 0: Bids above this many USD are not believed (at most 2 decimals); default 1000',
        '/failoverSeconds: 0 is out of range: it must be at least 1: Seconds of failed posts to a buyer after which a lead moves on; default 120',
      ],
    ],
    [
      "the sale's terms not whole: a floor and a ceiling in fractions of a cent, seconds in fractions",
      { buyers: [quillmont], floorPrice: 1.001, maxBid: 999.999, failoverSeconds: 1.5 },
      [
        '/failoverSeconds: expected a whole number, found the number 1.5: Seconds of failed posts to a buyer after which a lead moves on; default 120',
        '/floorPrice: 1.001 has more than 2 decimals: write whole cents, like 1.00',
        '/maxBid: 999.999 has more than 2 decimals: write whole cents, like 1000.00',
      ],
    ],
    [
      'no list of buyers',
      { lenders: [quillmont] },
      [
        '/: "buyers" is missing: add it (The companies that buy leads, each for one lender)',
        '/lenders: unknown key "lenders" (allowed: $schema, buyers, floorPrice, maxBid, failoverSeconds)',
      ],
    ],
    [
      'buyers that are no list',
      { buyers: quillmont },
      ['/buyers: expected a list, found an object: The companies that buy leads, each for one lender'],
    ],
  ])('names the file, the buyer and the field: %s', (_case, json, expected) => {
    expect(problemsOf(json)).toEqual(expected);
  });

  it('lists every problem of every buyer at once, in a ConfigError the server prints at start', () => {
    const file = writeFile(
      JSON.stringify({
        buyers: [
          { ...quillmont, timeZone: 'Mars' },
          { ...vantorra, filters: { states: ['XX'] } },
        ],
      }),
    );
    expect(() => loadBuyers({ buyersFile: file }, LENDERS)).toThrow(
      `The server settings have 2 problems. Fix them in the environment or in .env (see .env.example):\n` +
        `  - BUYERS_FILE ${file}: buyer "quillmont" /buyers/0/timeZone: "Mars" is not an IANA time zone, like America/New_York\n` +
        `  - BUYERS_FILE ${file}: buyer "vantorra" /buyers/1/filters/states/0: "XX" is not a US state code (the 50 states and DC, like "CA")`,
    );
  });

  it('names a file that is missing, or not JSON, without quoting it', () => {
    const missing = join(dir, 'nowhere.json');
    expect(() => loadBuyers({ buyersFile: missing }, LENDERS)).toThrow(
      `BUYERS_FILE ${missing}: there is no such file: write it as docs/buyers.md shows, or correct the path`,
    );
    const broken = writeFile(`{ "buyers": [ { "lender": "quillmont", "secrets": ["${SECRET}"] `);
    let message = '';
    try {
      loadBuyers({ buyersFile: broken }, LENDERS);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      new RegExp(
        `BUYERS_FILE ${broken}: not valid JSON \\(at (line \\d+ column \\d+|position \\d+)\\): often a missing comma or quote$`,
      ),
    );
    expect(message).not.toContain(SECRET.slice(10));
  });
});

describe('loadBuyers without BUYERS_FILE', () => {
  it('makes BUYER_URL alone one buyer that takes every lead at any hour, signed with BUYER_SECRET', () => {
    const keys = [keyOf(SECRET)];
    expect(loadBuyers({ buyerUrl: 'https://leads.example.com/v1/leads', buyerSigningKeys: keys }, LENDERS)).toEqual([
      {
        id: SINGLE_BUYER_ID,
        name: 'Lead buyer',
        priority: 1,
        timeZone: 'America/Los_Angeles',
        filters: {},
        caps: {},
        endpoint: 'https://leads.example.com/v1/leads',
        signingKeys: keys,
      },
    ]);
    expect(loadBuyers({ buyerUrl: 'https://leads.example.com/v1/leads' }, LENDERS)[0]!.signingKeys).toEqual([]);
  });

  it('names the buyer of BUYER_URL with BUYER_NAME, as the consent names its lender', () => {
    const buyers = loadBuyers(
      { buyerUrl: 'https://leads.example.com/v1/leads', buyerName: 'Quillmont Capital' },
      LENDERS,
    );
    expect(buyers.map((buyer) => buyer.name)).toEqual(['Quillmont Capital']);
  });

  it('refuses BUYER_URL in clear to another machine, without repeating it, and takes it to this machine', () => {
    expect(() => loadBuyers({ buyerUrl: 'http://leads.example.com/v1/leads?key=s3cr3t' }, LENDERS)).toThrow(
      new ConfigError([`BUYER_URL ${CLEARTEXT}`]),
    );
    expect(loadBuyers({ buyerUrl: 'http://127.0.0.1:8080/leads' }, LENDERS)[0]!.endpoint).toBe(
      'http://127.0.0.1:8080/leads',
    );
  });

  it('gives no buyers when neither is set: leads are stored and wait', () => {
    expect(loadBuyers({}, LENDERS)).toEqual([]);
  });

  const both =
    'BUYER_URL and BUYERS_FILE are both set: move BUYER_URL (with BUYER_SECRET) into BUYERS_FILE as a buyer (docs/buyers.md), then remove them';

  it('refuses both set', () => {
    const buyersFile = writeFile(JSON.stringify({ buyers: [quillmont] }));
    expect(() => loadBuyers({ buyersFile, buyerUrl: 'https://leads.example.com/v1/leads' }, LENDERS)).toThrow(both);
  });

  it('refuses both set at start, with the other settings', () => {
    let problems: readonly string[] = [];
    try {
      loadConfig({ BUYERS_FILE: '/srv/buyers.json', BUYER_URL: 'https://leads.example.com/v1/leads' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([both]);
  });

  it('reads BUYERS_FILE from the settings, a relative path from the project root', () => {
    expect(loadConfig({ BUYERS_FILE: 'docs/buyers.example.json' }).buyersFile).toBe(
      join(PROJECT_ROOT, 'docs', 'buyers.example.json'),
    );
    expect(loadConfig({}).buyersFile).toBeUndefined();
  });
});

describe('routedBuyers', () => {
  const started: TestBuyer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((buyer) => buyer.close()));
  });

  it('gives each buyer a client for its endpoint, keys and field map, and nothing of its endpoint or keys beside', async () => {
    const leads = await startTestBuyer({ secret: SECRET });
    const events = await startTestBuyer();
    started.push(leads, events);
    const file = writeFile(
      JSON.stringify({
        buyers: [
          {
            ...quillmont,
            endpoint: leads.url,
            secrets: [SECRET],
            fieldMap: { email: 'contact_email' },
            eventsEndpoint: events.url,
          },
        ],
      }),
    );
    const [routed] = routedBuyers(loadBuyers({ buyersFile: file }, LENDERS), 2_000);
    expect(routed).not.toHaveProperty('endpoint');
    expect(routed).not.toHaveProperty('signingKeys');
    expect(routed).not.toHaveProperty('pingEndpoint');
    expect(routed).toMatchObject({ id: 'quillmont', name: 'Quillmont Capital', priority: 1 });
    const attemptedAt = new Date();
    const outcome = await routed!.client.handOver({
      messageId: '6f1c1a52-3c55-4c4e-9a51-0f6a7d0c2b11',
      payload: { email: 'maria@example.com' },
      receivedAt: attemptedAt,
      attemptedAt,
    });
    expect(outcome).toEqual({ outcome: 'delivered', httpStatus: 200 });
    expect(leads.received[0]!.body).toMatchObject({ contact_email: 'maria@example.com' });
    await routed!.client.sendEvent({
      messageId: '0b7e8c1a-2f4d-4d8e-9a77-3c1f0e5d9b21',
      type: 'lead.revoked',
      data: { lead_id: '6f1c1a52-3c55-4c4e-9a51-0f6a7d0c2b11' },
      attemptedAt,
    });
    const [event] = events.received;
    expect(event!.body).toMatchObject({ type: 'lead.revoked' });
    expect(verifyWebhook(SECRET, event!.headers, event!.raw)).toBe(true);
  });
});
