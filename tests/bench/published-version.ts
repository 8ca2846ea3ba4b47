/**
 * A version published from the console, as a marketer publishes one: the server's first admin signs in over HTTP,
 * makes a draft of v1 with a new first heading and publishes it. The bench then measures its first screen like '/'
 * (issue 30: a published version meets the page's targets). Only the real routes are used, no database back door.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/api-paths.ts';
import { SESSION_PATH } from '../../contracts/console.ts';
import {
  draftPublishPath,
  flowDraftPath,
  FLOW_DRAFTS_PATH,
  type DraftCreate,
  type DraftSave,
  type FlowDraft,
  type PublishRequest,
} from '../../contracts/flow-studio.ts';
import { newVisitToken } from '../support/xsrf-tokens.ts';

export const PUBLISHED_NAME = 'bench-published';
/** Plain text, so the prerendered HTML holds it unescaped. */
export const PUBLISHED_HEADING = 'Which kind of business do you run';

/** The server's first admin, who publishes here and edits in the studio's preview part (studio-preview.ts). */
export const BENCH_ADMIN = { email: 'bench.admin@example.com', password: 'bench publishing passphrase 1' };

/**
 * The server's settings for a first admin who signs in with the password alone (as the end-to-end servers do; the
 * second factor has tests of its own).
 */
export const PUBLISHING_ADMIN_SETTINGS: Record<string, string> = {
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  CONSOLE_MFA: 'optional',
};

/** How long a publish may take to reach the page with its start screen drawn by the server. */
const PRERENDER_TIMEOUT_MS = 60_000;
const POLL_MS = 250;

interface Session {
  origin: string;
  cookie: string;
  token: string;
}

/** A request as the console's client sends it: the session's cookies, and the XSRF token echoed in the header. */
function send(session: Session, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(session.origin + path, {
    method,
    headers: {
      cookie: session.cookie,
      [XSRF_HEADER.toLowerCase()]: session.token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** A console call's JSON answer; a refusal throws with its status and (short) body. */
async function call<T>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(session, method, path, body);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function signIn(origin: string): Promise<Session> {
  const token = newVisitToken();
  const visit: Session = { origin, token, cookie: `${XSRF_COOKIE}=${token}` };
  const response = await send(visit, 'POST', SESSION_PATH, BENCH_ADMIN);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`the admin's sign-in answered ${response.status}`);
  const session = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  return { ...visit, cookie: [...session, visit.cookie].join('; ') };
}

/** Resolves once `/<name>` answers 200 with the new heading in its HTML: the server has drawn its start screen. */
async function prerendered(origin: string): Promise<void> {
  const deadline = Date.now() + PRERENDER_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/${PUBLISHED_NAME}`, { redirect: 'manual' });
    const html = await response.text();
    if (response.status === 200 && html.includes(`>${PUBLISHED_HEADING}</h1>`)) return;
    last = response.status === 200 ? 'answered 200 without the start screen drawn' : `answered ${response.status}`;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`/${PUBLISHED_NAME} ${last} ${PRERENDER_TIMEOUT_MS / 1000} s after its publish`);
}

/** Publishes v1 with a new first heading as `/bench-published`; resolves once its page is served prerendered. */
export async function publishBenchVersion(origin: string): Promise<string> {
  const session = await signIn(origin);
  const created = await call<FlowDraft>(session, 'POST', FLOW_DRAFTS_PATH, { base: 'v1' } satisfies DraftCreate);
  const save: DraftSave = {
    overlay: { ...created.overlay, steps: { start: { heading: PUBLISHED_HEADING } } },
    revision: created.revision,
  };
  const saved = await call<FlowDraft>(session, 'PUT', flowDraftPath(created.id), save);
  if (saved.problems.length > 0)
    throw new Error(`the draft has problems: ${saved.problems.map((problem) => problem.message).join('; ')}`);
  const publish: PublishRequest = { name: PUBLISHED_NAME, revision: saved.revision };
  await call<unknown>(session, 'POST', draftPublishPath(created.id), publish);
  await prerendered(origin);
  return `/${PUBLISHED_NAME}`;
}
