/** Where the end-to-end tests' servers listen (playwright.config.ts starts them). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3111);
/**
 * A second app server with every third party configured (Maps key, tag manager, lead certificate) and the operator's
 * own legal pages; the first has none of them (the built-in legal pages).
 */
export const CONFIGURED_APP_PORT = APP_PORT + 2;
export const TEST_BUYER_PORT = APP_PORT + 1;
/** The built site served the way `npm run dev` serves it (NODE_ENV=development): the authoring aids are on. */
export const DEV_APP_PORT = APP_PORT + 3;

/** An app server routing every lead to one of three buyers by its state and amount (BUYERS_FILE). */
export const ROUTING_APP_PORT = APP_PORT + 4;
/** One test buyer process standing for the routing server's three buyers, each at a path of its own. */
export const ROUTING_BUYER_PORT = APP_PORT + 5;

export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const CONFIGURED_APP_URL = `http://127.0.0.1:${CONFIGURED_APP_PORT}`;
export const TEST_BUYER_URL = `http://127.0.0.1:${TEST_BUYER_PORT}`;
export const DEV_APP_URL = `http://127.0.0.1:${DEV_APP_PORT}`;
export const ROUTING_APP_URL = `http://127.0.0.1:${ROUTING_APP_PORT}`;
export const ROUTING_BUYER_URL = `http://127.0.0.1:${ROUTING_BUYER_PORT}`;

/** The test buyer refuses a lead whose email starts with this the first time, and takes it when it comes again. */
export const REFUSED_ONCE = 'refused-once';

/** The signing secret the app servers sign deliveries with and the test buyer checks them against. */
export const TEST_BUYER_SECRET = 'whsec_ZTJlLXRlc3QtbGVuZGVyLXNpZ25pbmcta2V5LTMyYnl0ZXM=';

/**
 * The routing server's buyers: California under $100,000, California from $100,000 and every lead at fixed prices,
 * and Texas leads by auction, where corvane bids CORVANE_BID (and turns down the post of a lead whose email starts
 * with OUTBID) against elmsbrook's price. The highest price that may take a lead goes first: a California lead goes
 * to quillmont or vantorra, a Texas lead to corvane, any other to elmsbrook. Each posts to its own path of the
 * routing test buyer, signed with TEST_BUYER_SECRET.
 */
export const ROUTING_BUYERS = [
  { lender: 'quillmont', priority: 1, price: 35, filters: { states: ['CA'], amount: { max: 99_999 } } },
  { lender: 'vantorra', priority: 2, price: 45, filters: { states: ['CA'], amount: { min: 100_000 } } },
  { lender: 'elmsbrook', priority: 3, price: 20 },
  { lender: 'corvane', priority: 4, bids: true, filters: { states: ['TX'] } },
] as const;

/** What corvane bids on every lead it is pinged for, in USD. */
export const CORVANE_BID = 42.5;
/** Corvane refuses the post of a lead whose email starts with this, after bidding on it. */
export const OUTBID = 'refused-by-corvane';

/** The path of a buyer's endpoint at the routing test buyer (by its lender's id). */
export const buyerPath = (lender: string) => `/${lender}/leads`;
/** The path where a bidding buyer is pinged at the routing test buyer. */
export const pingPath = (lender: string) => `/${lender}/ping`;

/** The routing server's BUYERS_FILE, written when it starts; relative to the project root. */
export const ROUTING_BUYERS_FILE = 'test-results/e2e-routing/buyers.json';

export function routingBuyersFile(): string {
  return JSON.stringify({
    buyers: ROUTING_BUYERS.map(({ bids, ...buyer }: { bids?: boolean; lender: string }) => ({
      ...buyer,
      endpoint: ROUTING_BUYER_URL + buyerPath(buyer.lender),
      ...(bids === true ? { pingEndpoint: ROUTING_BUYER_URL + pingPath(buyer.lender) } : {}),
      secrets: [TEST_BUYER_SECRET],
    })),
  });
}

/**
 * Where each app server's log (stdout and stderr) is written during a run, one file per server, emptied when it
 * starts; check-server-logs.ts reads them after the run. Relative to the project root.
 */
export const SERVER_LOG_DIR = 'test-results/e2e-server-logs';
export const SERVER_LOGS = {
  app: `${SERVER_LOG_DIR}/app.log`,
  configuredApp: `${SERVER_LOG_DIR}/configured-app.log`,
  devApp: `${SERVER_LOG_DIR}/dev-app.log`,
  routingApp: `${SERVER_LOG_DIR}/routing-app.log`,
} as const;

/** The first admin, made from ADMIN_EMAIL and ADMIN_PASSWORD when the app servers start. */
export const ADMIN = { email: 'admin@fundflow.test', password: 'end-to-end console passphrase 7' } as const;
