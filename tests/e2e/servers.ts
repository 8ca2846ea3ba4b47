/** Where the end-to-end tests' servers listen (playwright.config.ts starts them). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3111);
/** A second app server, configured with a Maps key, for the address-suggestion tests. */
export const PLACES_APP_PORT = APP_PORT + 2;
export const LENDER_PORT = APP_PORT + 1;

export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const PLACES_APP_URL = `http://127.0.0.1:${PLACES_APP_PORT}`;
export const LENDER_URL = `http://127.0.0.1:${LENDER_PORT}`;
