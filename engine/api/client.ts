/**
 * The page's client for the server's API. Widgets and actions receive it through the form context, never by import,
 * so tests hand in a fake and a site can point it at another lead service with the same shapes.
 */
import type {
  ClaimResponse,
  ErrorResponse,
  HomePopup,
  LeadAccepted,
  OptOutRecorded,
  PhoneValidateResponse,
  RemoteAddressResponse,
  ThankYouSettings,
  ZipcodeValidateResponse,
} from '../../contracts/api.ts';
import {
  CERTIFICATE_CLAIM_PATH,
  HOME_POPUP_PATH,
  IDEMPOTENCY_KEY_HEADER,
  LEAD_INTAKE_PATH,
  PHONE_CHECK_PATH,
  PRIVACY_PATH,
  REMOTE_ADDRESS_PATH,
  THANK_YOU_PATH,
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_REFUSED,
  ZIPCODE_VALIDATE_PATH,
  type PrivacyRequestKind,
} from '../../contracts/api-paths.ts';
import type { OptOutRequest } from '../../contracts/opt-out.ts';

/** The place a ZIP code belongs to. */
export interface ZipPlace {
  city: string;
  /** The two-letter state abbreviation. */
  state: string;
  zipcode: string;
}

export interface ApiClient {
  /** The ZIP's place, or null when no such ZIP exists; rejects when the server cannot be reached. */
  lookupZip(zipcode: string): Promise<ZipPlace | null>;
  /** The phone check's status ("connected" or "connected-75" for a reachable number). */
  checkPhone(phone: string): Promise<string>;
  /** The visitor's IP address as the server sees it. */
  remoteAddress(): Promise<string>;
  thankYouSettings(): Promise<ThankYouSettings>;
  homePopup(): Promise<HomePopup>;
  /**
   * Stores the lead for delivery; rejects with ApiError naming the fields the server refused. Sent with an
   * Idempotency-Key, the same for the same lead all page long, and sent again with it when the answer is lost: the
   * server stores the lead once however often it arrives.
   */
  sendLead(lead: Readonly<Record<string, unknown>>): Promise<LeadAccepted>;
  /** Claims the consent certificate so it is kept past its free retention. */
  claimCertificate(url: string): Promise<ClaimResponse>;
  /**
   * Records a privacy request for this email or phone: an opt-out (its leads must never reach a lender), or "Stop
   * contacting me" (consent to be contacted about its leads revoked); rejects with ApiError naming bad fields.
   */
  privacyRequest(kind: PrivacyRequestKind, request: OptOutRequest): Promise<OptOutRecorded>;
}

/** A call that did not succeed: `status` 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse | undefined;

  constructor(status: number, message: string, body?: ErrorResponse) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface ApiClientOptions {
  /** Prefix of every call, e.g. "https://leads.example.com"; default: this site. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** The pauses before sending a lead again after a lost answer; default LEAD_RETRY_DELAYS_MS. */
  leadRetryDelaysMs?: readonly number[];
  /** The page's language ("es"): the content calls (thank-you settings, home popup) answer in it; English without. */
  language?: string;
}

/** Two more tries, a second and then three seconds after a lost answer: long enough for a restarting server. */
export const LEAD_RETRY_DELAYS_MS: readonly number[] = [1000, 3000];

/** Answers that say the lead may not have arrived, or the server is briefly away: worth sending again. */
const lostAnswer = (error: ApiError) =>
  error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;

/** 128 random bits as hex: from getRandomValues, which, unlike randomUUID, works on pages served without TLS too. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A cookie's value as the page sees it (document.cookie), if it is set. */
export function cookieValue(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** The token goes only to this site: a lead service elsewhere has its own cookies, and must never learn ours. */
function isSameOrigin(url: string): boolean {
  if (typeof location === 'undefined') return !/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(url);
  return new URL(url, location.href).origin === location.origin;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a failed call says when the server's answer names no message. */
export interface FailureWording {
  unreachable: string;
  answered: (status: number) => string;
}

const PLAIN_WORDING: FailureWording = {
  unreachable: 'The server could not be reached',
  answered: (status) => `The server answered ${status}`,
};

export interface JsonRequest {
  /** Default GET. Every other method is state-changing: it carries the XSRF token to this site. */
  method?: HttpMethod;
  /** Sent as JSON when given. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Default: the page's fetch at the time of the call. */
  fetch?: typeof globalThis.fetch;
  wording?: FailureWording;
}

/**
 * One call with JSON in and out and the page's cookies: its JSON answer, or an ApiError with the server's message
 * (status 0 when the server could not be reached).
 */
export async function requestJson<T>(url: string, request: JsonRequest = {}): Promise<T> {
  const { method = 'GET', body, wording = PLAIN_WORDING } = request;
  const fetch = request.fetch ?? globalThis.fetch.bind(globalThis);

  async function exchange(token: string | undefined) {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers[XSRF_HEADER] = token;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(0, wording.unreachable);
    }
    const answer: unknown = await response.json().catch(() => undefined);
    return { response, answer };
  }

  const guarded = method !== 'GET' && isSameOrigin(url);
  const token = guarded ? cookieValue(XSRF_COOKIE) : undefined;
  let { response, answer } = await exchange(token);
  // A page whose cookie was missing or cleared gets a fresh one with the refusal. The refused call stored
  // nothing, so sending it once more with the new token cannot store anything twice.
  if (guarded && response.status === 403 && (answer as ErrorResponse | undefined)?.error === XSRF_REFUSED) {
    const fresh = cookieValue(XSRF_COOKIE);
    if (fresh !== undefined && fresh !== token) ({ response, answer } = await exchange(fresh));
  }
  if (!response.ok) {
    const error = answer as ErrorResponse | undefined;
    throw new ApiError(response.status, error?.message ?? wording.answered(response.status), error);
  }
  return answer as T;
}

type Call = { method: 'POST'; body: unknown; headers?: Record<string, string> };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createApiClient({
  baseUrl = '',
  fetch = globalThis.fetch.bind(globalThis),
  leadRetryDelaysMs = LEAD_RETRY_DELAYS_MS,
  language,
}: ApiClientOptions = {}): ApiClient {
  // The last lead sent and its key. A lead changed since (the visitor corrected a field) is a new request with a new
  // key; the server holds a second lead with the same email and phone back from lenders anyway.
  let lastLead: { json: string; key: string } | undefined;

  const call = <T>(path: string, init?: Call) => requestJson<T>(`${baseUrl}${path}`, { ...init, fetch });
  const query = (name: string, value: string) => `?${new URLSearchParams({ [name]: value })}`;
  const inLanguage = language === undefined ? '' : query('language', language);

  return {
    async lookupZip(zipcode) {
      const [group] = await call<ZipcodeValidateResponse>(`${ZIPCODE_VALIDATE_PATH}${query('zipcode', zipcode)}`);
      const entry = group?.zipcodes[0];
      return entry ? { city: entry.default_city, state: entry.state_abbreviation, zipcode: entry.zipcode } : null;
    },
    async checkPhone(phone) {
      return (await call<PhoneValidateResponse>(`${PHONE_CHECK_PATH}${query('phone', phone)}`)).status;
    },
    async remoteAddress() {
      return (await call<RemoteAddressResponse>(REMOTE_ADDRESS_PATH)).address;
    },
    thankYouSettings: () => call<ThankYouSettings>(`${THANK_YOU_PATH}${inLanguage}`),
    homePopup: () => call<HomePopup>(`${HOME_POPUP_PATH}${inLanguage}`),
    async sendLead(lead) {
      const json = JSON.stringify(lead);
      if (lastLead?.json !== json) lastLead = { json, key: randomKey() };
      const init: Call = { method: 'POST', body: lead, headers: { [IDEMPOTENCY_KEY_HEADER]: lastLead.key } };
      for (let attempt = 0; ; attempt++) {
        try {
          return await call<LeadAccepted>(LEAD_INTAKE_PATH, init);
        } catch (error) {
          const delay = leadRetryDelaysMs[attempt];
          if (!(error instanceof ApiError) || !lostAnswer(error) || delay === undefined) throw error;
          await pause(delay);
        }
      }
    },
    claimCertificate: (url) => call<ClaimResponse>(CERTIFICATE_CLAIM_PATH, { method: 'POST', body: { url } }),
    privacyRequest: (kind, request) =>
      call<OptOutRecorded>(`${PRIVACY_PATH}/${kind}`, { method: 'POST', body: request }),
  };
}
