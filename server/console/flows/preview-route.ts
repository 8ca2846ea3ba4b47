/**
 * GET /studio-preview/:id/<step route> (or `?step=<id>`), for any signed-in console user: the visitor's real page
 * (the page server's serveFlowPage, as a published version is served) for the draft at its latest revision, or for a
 * version by its name (before a first change),
 * under an address, storage key and version ("preview") of its own, so the funnel and intake never count it. The
 * steps before the one shown get sample answers (engine/flow/sample), written into the page's storage before its
 * script runs, so Back and Next work. Validators are all inline, compiled once per revision. Never indexed, and
 * framed only by the console, on the same origin (docs/decisions/112-draft-checks-and-consent.md).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PREVIEW_PREFIX, type FlowProblem } from '../../../contracts/flow-studio.ts';
import type { Flow } from '../../../engine/flow/definition.ts';
import { stepPath } from '../../../engine/flow/navigation.ts';
import { schemasToCompile } from '../../../engine/flow/to-rjsf.ts';
import { previewAnswers } from '../../../engine/flow/sample/sample-answers.ts';
import { storedRecord } from '../../../engine/flow/sample/stored-record.ts';
import { compileVersion, escapeHtml, serveFlowPage, type CompiledVersion } from '../../page/index.ts';
import { findDraft } from './draft-store.ts';
import { previewFlow } from './draft-checks.ts';
import { baseNamed, type Studio } from './studio.ts';

interface Preview {
  Params: { id: string; '*'?: string };
  Querystring: { step?: unknown };
}

/** Sets of validators kept compiled: those of the drafts being looked at now. */
const COMPILED_KEPT = 16;

/**
 * What a flow's validators are compiled from (compileVersion reads its start and its steps' schemas, nothing else),
 * hashed: a revision that changed words only (a heading typed) reuses the last one's, which took a third of the time
 * from a keystroke to its preview (docs/performance.md).
 */
const validatorsKey = (flow: Flow): string =>
  createHash('sha256')
    .update(JSON.stringify([flow.start, schemasToCompile(flow)]))
    .digest('base64url');

/** A small page of its own saying why there is no preview (the site's page is not involved). */
function plain(reply: FastifyReply, status: number, text: string): FastifyReply {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title></head>' +
    `<body><p>${escapeHtml(text)}</p></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** The step a preview address names by its route after the draft's id; the start for none. */
function stepAt(flow: Flow, rest: string): string | undefined {
  const route = rest.replace(/^\/+|\/+$/g, '');
  if (route === '') return flow.start;
  return Object.entries(flow.steps).find(([, step]) => step.route === route)?.[0];
}

/** The console may frame the preview (its editor shows it beside the form); no other site may. */
function frameableByTheConsole(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  const policy = reply.getHeader('content-security-policy');
  // Only the preview itself: a refusal keeps the site's answer, framed by nobody.
  if (reply.statusCode === 200 && typeof policy === 'string') {
    reply.header('content-security-policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  }
  if (reply.statusCode === 200 && reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
  done(null, payload);
}

/**
 * What a preview address shows: a draft at its latest revision, or, for a version's name, that version as it is (the
 * editor previews a step before its first change makes a draft).
 */
async function previewed(
  studio: Studio,
  id: string,
): Promise<{ flow: Flow | null; problems: readonly FlowProblem[] } | undefined> {
  const draft = await findDraft(studio.db, id);
  if (draft !== undefined) return studio.checked(draft);
  const base = baseNamed(studio, id);
  if (base === undefined) return undefined;
  const flow = base.kind === 'file' ? base.file.flow : base.version.flow;
  return { flow: previewFlow(flow, id), problems: [] };
}

export function registerPreviewRoute(app: FastifyInstance, studio: Studio): void {
  const compiled = new Map<string, CompiledVersion>();
  const compiledFor = (flow: Flow): CompiledVersion => {
    const key = validatorsKey(flow);
    const found = compiled.get(key) ?? compileVersion(flow);
    // The last used is kept longest.
    compiled.delete(key);
    compiled.set(key, found);
    if (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
    return found;
  };

  const preview = async (request: FastifyRequest<Preview>, reply: FastifyReply) => {
    if (request.consoleUser === undefined || (request.consoleSession?.pending ?? null) !== null) {
      return plain(reply, 401, 'Sign in to the console (/admin) to see this preview.');
    }
    const shown = await previewed(studio, request.params.id);
    if (shown === undefined) {
      return plain(reply, 404, 'There is no such draft or version: a draft may have been published or deleted.');
    }
    const { flow, problems } = shown;
    if (flow === null) {
      return plain(
        reply,
        422,
        `The draft cannot be shown until it is fixed: ${problems.map((p) => p.message).join('; ')}`,
      );
    }
    // `?step=<id>` (the editor knows its step by id) leads to the step's own address, where the page shows it.
    const named = request.query.step;
    if (typeof named === 'string' && Object.hasOwn(flow.steps, named)) {
      return reply.header('cache-control', 'no-store').redirect(stepPath(flow, flow.steps[named]!), 302);
    }
    const stepId = stepAt(flow, request.params['*'] ?? '');
    if (stepId === undefined) return plain(reply, 404, 'The draft has no step at this address.');
    let validators: CompiledVersion;
    try {
      validators = compiledFor(flow);
    } catch (error) {
      return plain(reply, 422, `The draft cannot be shown until it is fixed: ${(error as Error).message}`);
    }
    const { answers } = await previewAnswers(flow, stepId);
    reply.header('cache-control', 'no-store');
    return serveFlowPage(request, reply, {
      flow,
      compiled: validators,
      seed: { storageKey: flow.storageKey, record: storedRecord(flow.storageKey, answers) },
      noindex: true,
    });
  };

  const options = { onSend: frameableByTheConsole };
  app.get<Preview>(`${PREVIEW_PREFIX}/:id`, options, preview);
  app.get<Preview>(`${PREVIEW_PREFIX}/:id/*`, options, preview);
}
