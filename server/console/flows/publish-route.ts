/**
 * POST /api/admin/flows/drafts/:id/publish {name, revision}, for admins and marketers: the draft made a version at
 * `/<name>` (docs/decisions/110-flow-studio-storage.md). The name is checked (422 naming `name`), the draft's checks
 * must all pass (422 PublishRefused listing them), then the overlay is completed, its validators compiled and the
 * version written in one insert, in one transaction with the draft's deletion and the audit entry (its changes read
 * step by step against the base). A name already taken, by an earlier publish or one racing this one, is 409.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCESS } from '../../../contracts/console.ts';
import {
  FLOW_STUDIO_BODY_LIMIT,
  publishBody,
  type FlowVersionSummary,
  type PublishRefused,
  type PublishRequest,
} from '../../../contracts/flow-studio.ts';
import type { Consent, Flow } from '../../../engine/flow/definition.ts';
import { resolveFlows } from '../../../engine/flow/overlay.ts';
import { compileVersion, publishVersion, type CompiledVersion, type VersionToPublish } from '../../page/index.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { allow, signedIn } from '../access.ts';
import { fieldErrors } from '../../platform/http/field-errors.ts';
import { byDraftId, DRAFT_PATH, draftConflict, NO_SUCH_DRAFT } from './draft-routes.ts';
import { deleteDraft, findDraft } from './draft-store.ts';
import { draftInLanguages } from './draft-languages.ts';
import type { FileVersion } from './file-versions.ts';
import {
  changesOf,
  changesOverFile,
  completeOverlay,
  fileBaseOf,
  isObject,
  overlayFileName,
  type Base,
  type JsonObject,
} from './overlays.ts';
import { baseNamed, refreshAfterChange, type Studio } from './studio.ts';
import { publishedSummary } from './version-list.ts';
import { versionDiff } from './version-diff.ts';
import { nameProblem } from './version-names.ts';

const refused = (message: string, problems: PublishRefused['problems']): PublishRefused => ({
  error: 'publish_refused',
  message,
  problems,
});

const baseFlow = (base: Base): Flow => (base.kind === 'file' ? base.file.flow : base.version.flow);

/**
 * The consent as published: a text changed from the base's under the base's consent version gets a version of its
 * own, so a lead's consent evidence names which words it was given with (its hash follows the text).
 */
export function consentAsPublished(base: Flow, changes: JsonObject, name: string, today: Date): JsonObject {
  const consent = changes.consent;
  if (!isObject(consent) || base.consent === undefined) return changes;
  const { text, version } = consent as Partial<Consent>;
  if (text === base.consent.text || version !== base.consent.version) return changes;
  return { ...changes, consent: { ...consent, version: `${name}-${today.toISOString().slice(0, 10)}` } };
}

/** The version's flow: its overlay resolved with the flow files, as `npm run flows:check` would resolve the file. */
function resolvedFlow(studio: Studio, fileBase: FileVersion, name: string, overlay: JsonObject): Flow | undefined {
  const file = `flows/${overlayFileName(fileBase, name)}`;
  const json = resolveFlows([...studio.files.sources, { file, json: overlay }]).flows.find(
    (flow) => flow.file === file,
  )?.json;
  return isObject(json) ? (json as unknown as Flow) : undefined;
}

export function registerPublishRoute(app: FastifyInstance, studio: Studio): void {
  app.post<{ Params: { id: string }; Body: PublishRequest }>(
    `${DRAFT_PATH}/publish`,
    {
      preHandler: allow(ACCESS.flowChanges),
      schema: { ...byDraftId, body: publishBody },
      schemaErrorFormatter: fieldErrors('The publish'),
      bodyLimit: FLOW_STUDIO_BODY_LIMIT,
    },
    async (request, reply): Promise<FlowVersionSummary | FastifyReply> => {
      const { name, revision } = request.body;
      const draft = await findDraft(studio.db, request.params.id);
      if (draft === undefined) return reply.code(404).send(NO_SUCH_DRAFT);
      const wrongName = nameProblem(name, studio.files);
      if (wrongName !== undefined) {
        return reply.code(422).send({
          error: 'invalid_name',
          message: `The version name is not valid: ${wrongName}`,
          fields: [{ field: 'name', keyword: 'pattern', message: wrongName }],
        });
      }
      if (draft.revision !== revision) return reply.code(409).send(draftConflict(studio, draft));
      const { problems } = studio.checked(draft);
      const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
      if (problems.length > 0) return reply.code(422).send(refused(`Fix the draft's ${count} first`, problems));

      const base = baseNamed(studio, draft.base);
      const fileBase = base === undefined ? undefined : fileBaseOf(base, studio.files);
      if (base === undefined || fileBase === undefined) {
        return reply.code(422).send(refused(`The base ${draft.base} no longer exists`, []));
      }
      const at = new Date(studio.now());
      const changes = consentAsPublished(baseFlow(base), changesOverFile(base, changesOf(draft.overlay)), name, at);
      const overlay = completeOverlay(fileBase, name, changes);
      const flow = resolvedFlow(studio, fileBase, name, overlay);
      let compiled: CompiledVersion;
      let languages: VersionToPublish['languages'];
      try {
        if (flow === undefined) throw new Error('the draft does not resolve to a flow');
        compiled = compileVersion(flow);
        // Published in each language that has every text; the others leave the version in English only there.
        languages = draftInLanguages(studio, base, flow, draft.translations).flatMap(({ language, version }) =>
          version.flow === undefined
            ? []
            : [
                {
                  language: language.file.language,
                  flow: version.flow as unknown as Flow,
                  compiled: compileVersion(version.flow as unknown as Flow),
                },
              ],
        );
      } catch (error) {
        request.log.warn({ err: error }, 'a draft that passed its checks did not compile');
        return reply
          .code(422)
          .send(refused('The draft could not be compiled', [{ pointer: '', message: (error as Error).message }]));
      }

      const user = signedIn(request);
      const outcome = await studio.db.transaction(async (tx) => {
        // Held until the end: a second publish of this draft waits, then finds it gone or at another revision.
        const locked = await findDraft(tx, draft.id, { lock: true });
        if (locked === undefined) return { status: 404 as const };
        if (locked.revision !== revision) return { status: 409 as const, conflict: locked };
        const published = await publishVersion(tx, {
          name,
          base: draft.base,
          overlay,
          flow,
          compiled,
          languages,
          by: user.email,
        });
        if (published === 'taken') return { status: 'taken' as const };
        await deleteDraft(tx, draft.id);
        const diff = versionDiff(baseFlow(base), flow);
        await recordAudit(tx, auditOf(request, 'flow-published', `${name} from ${draft.base}: ${diff}`));
        return { status: 201 as const };
      });
      if (outcome.status === 404) return reply.code(404).send(NO_SUCH_DRAFT);
      if (outcome.status === 409) return reply.code(409).send(draftConflict(studio, outcome.conflict));
      if (outcome.status === 'taken') {
        return reply.code(409).send({ error: 'name_taken', message: `The name ${name} is taken` });
      }
      await refreshAfterChange(studio, request);
      const version = studio.catalog.get(name) ?? {
        name,
        base: draft.base,
        overlay,
        flow,
        publishedBy: user.email,
        publishedAt: at,
        retiredAt: null,
        languages: languages.map(({ language }) => language),
      };
      return reply.code(201).send(await publishedSummary(studio, version));
    },
  );
}
