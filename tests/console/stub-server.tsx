/**
 * The console rendered as the browser opens it at a path, with the network stubbed at fetch: each test says what the
 * server answers to which call, and reads which calls were made.
 */
import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { vi } from 'vitest';
import Console from '../../console/Console.tsx';
import type { ConsoleUser, SessionResponse, SessionSecondFactor } from '../../contracts/console.ts';

export interface Call {
  method: string;
  /** Path and query, as the console asked for them. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

/** Answers a call, or undefined to leave it to the next handler. */
export type Handler = (call: Call) => Answer | undefined;

export const ADMIN: ConsoleUser = { id: 'u-admin', email: 'admin@acme.example', role: 'admin' };
export const OPERATOR: ConsoleUser = { id: 'u-operator', email: 'op@acme.example', role: 'operator' };
export const MARKETER: ConsoleUser = { id: 'u-marketer', email: 'mk@acme.example', role: 'marketer' };

/** The session answer of `user`: no second-factor step pending unless told. */
export function sessionOf(user: ConsoleUser, secondFactor: Partial<SessionSecondFactor> = {}): SessionResponse {
  return {
    user,
    second_factor: { pending: null, enabled: false, required: false, recovery_codes_left: 0, ...secondFactor },
  };
}

export const signedInAs =
  (user: ConsoleUser, secondFactor: Partial<SessionSecondFactor> = {}): Handler =>
  ({ method, url }) =>
    method === 'GET' && url === '/api/admin/session' ? { status: 200, body: sessionOf(user, secondFactor) } : undefined;

export const signedOut =
  (adminExists = true): Handler =>
  ({ method, url }) =>
    method === 'GET' && url === '/api/admin/session'
      ? {
          status: 401,
          body: { error: 'unauthorized', message: 'Sign in to use the console.', admin_exists: adminExists },
        }
      : undefined;

/** GET of exactly this path answers the body. */
export const getting =
  (path: string, body: unknown, status = 200): Handler =>
  ({ method, url }) =>
    method === 'GET' && url === path ? { status, body } : undefined;

/** Any GET whose path starts so answers the body. */
export const gettingUnder =
  (prefix: string, body: unknown): Handler =>
  ({ method, url }) =>
    method === 'GET' && url.startsWith(prefix) ? { status: 200, body } : undefined;

export function stubServer(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url: input instanceof Request ? input.url : input.toString(),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const handler of handlers) {
      const answer = handler(call);
      if (answer !== undefined) {
        return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    return new Response(JSON.stringify({ error: 'not_found', message: `No stub for ${call.method} ${call.url}` }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls made so far with this method to paths starting with `prefix`. */
    callsTo: (method: string, prefix: string) =>
      calls.filter((call) => call.method === method && call.url.startsWith(prefix)),
  };
}

/** The console as the browser opens it at this address, under the browser's router as its page has it. */
export function renderConsole(path: string) {
  window.history.pushState(null, '', path);
  return render(
    <BrowserRouter>
      <Console productName="Acme Funding" />
    </BrowserRouter>,
  );
}

/** jsdom has <dialog> without its modal methods: the browser's behaviour that the console relies on. */
export function supportDialogs() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
