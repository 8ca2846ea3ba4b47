/**
 * The console's calls to /api/admin: JSON in and out, same-origin cookies (the session), and the cross-site token on
 * every state-changing call, as the form's client sends it (engine/api/client.ts). A refusal becomes an ApiError with
 * the server's message, which the pages show as it is.
 */
import type { ErrorResponse } from '../contracts/api.ts';
import { ApiError } from '../engine/api/client.ts';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_REFUSED } from '../contracts/api.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function xsrfToken(): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === XSRF_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

async function exchange(path: string, method: Method, body: unknown, token: string | undefined) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers[XSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check the connection and try again.');
  }
  const json: unknown = await response.json().catch(() => undefined);
  return { response, json };
}

/**
 * Calls the console API and answers its JSON, typed by the contract's schema for that path (contracts/console.ts);
 * rejects with ApiError (status 0 when the server could not be reached).
 */
export async function consoleCall<T>(path: string, method: Method = 'GET', body?: unknown): Promise<T> {
  const guarded = method !== 'GET';
  const token = guarded ? xsrfToken() : undefined;
  let { response, json } = await exchange(path, method, body, token);
  // A missing or cleared cookie comes back fresh with the refusal, which changed nothing: one more try with it.
  if (guarded && response.status === 403 && (json as ErrorResponse | undefined)?.error === XSRF_REFUSED) {
    const fresh = xsrfToken();
    if (fresh !== undefined && fresh !== token) ({ response, json } = await exchange(path, method, body, fresh));
  }
  if (!response.ok) {
    const error = json as ErrorResponse | undefined;
    throw new ApiError(response.status, error?.message ?? `The server answered ${response.status}.`, error);
  }
  // The server declares every answer with the contract's schema and drops what it does not name.
  return json as T;
}

/** The values that are set, as the entries of a query (setSearchParams takes them): empty ones left out. */
export function filledIn(values: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(values).filter(([, value]) => value !== '');
}

/** A query string of the values given, empty ones left out: `?a=1&c=x`, or '' when none is set. */
export function queryString(values: Readonly<Record<string, string | null | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, value);
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The message to show for a failed call. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}
