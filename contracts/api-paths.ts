/**
 * Where the page calls the server and the headers it calls with: the server serves these paths and checks these
 * names, the page's client calls and sends them. Apart from the answers' shapes (api.ts): the page's first script
 * needs these strings and none of the shapes, and a bundle takes a module whole.
 */

/** Where the page calls the server, as the spec's section 7 names the calls: the server serves these, the page calls them. */
export const ZIPCODE_VALIDATE_PATH = '/api/v1/zipcode/validate';
export const CHECK_VALID_ZIPCODE_PATH = '/api/lead/check_valid_zipcode';
export const PHONE_CHECK_PATH = '/api/v1/phone/validate';
export const REMOTE_ADDRESS_PATH = '/api/v1/remote/address';
export const THANK_YOU_PATH = '/api/v1/content/thank-you';
export const HOME_POPUP_PATH = '/api/v1/content/home-popup';
export const LEAD_INTAKE_PATH = '/api/v1/leads/trigger';
export const CERTIFICATE_CLAIM_PATH = '/api/v1/trustedform/claim';
/**
 * The visitor's privacy requests that name an email or phone (contracts/opt-out.ts), each at its own path under
 * PRIVACY_PATH: the "Do Not Sell My Information" opt-out, and "Stop contacting me", the revocation of consent to be
 * contacted about the leads sent. The page calls them by kind, so its first script carries one path for both.
 */
export const PRIVACY_PATH = '/api/v1/privacy';
export type PrivacyRequestKind = 'opt-out' | 'stop-contacting';
export const OPT_OUT_PATH = `${PRIVACY_PATH}/opt-out`;
export const STOP_CONTACTING_PATH = `${PRIVACY_PATH}/stop-contacting`;

/** The header that makes sending a lead again safe: the same key stores the lead once however often it arrives. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Cross-site request protection by double-submit cookie, in Angular's naming: the server sets the XSRF-TOKEN cookie,
 * and every state-changing call to this site carries its value in the X-XSRF-TOKEN header. Another site can make the
 * browser send the cookie but cannot read it, so it cannot forge the header. The server answers a call without the
 * header 403 with XSRF_REFUSED.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const XSRF_REFUSED = 'xsrf_token_invalid';
