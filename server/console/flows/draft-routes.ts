/**
 * Drafts, for admins and marketers to change and every role to read: POST /api/admin/flows/drafts (a new, empty
 * draft of a version), GET, PUT and DELETE /api/admin/flows/drafts/:id. A save carries the revision it was made from:
 * from an older one it is refused with who changed the draft and when (DraftConflict). Every save is checked and
 * answered with its problems; an overlay that is not even an object is not saved. Only an admin may change the
 * consent (docs/decisions/112-draft-checks-and-consent.md).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCESS } from '../../../contracts/console.ts';
import {
  draftCreateBody,
  draftSaveBody,
  FLOW_DRAFTS_PATH,
  FLOW_STUDIO_BODY_LIMIT,
  type DraftConflict,
  type DraftCreate,
  type DraftSave,
  type FlowDraft,
} from '../../../contracts/flow-studio.ts';
import { allow, signedIn } from '../access.ts';
import { fieldErrors, invalidFields } from '../../platform/http/field-errors.ts';
import { createDraft, deleteDraft, findDraft, saveDraft, type StoredDraft } from './draft-store.ts';
import { NOT_AN_OVERLAY } from './draft-checks.ts';
import { extendsOf, isObject } from './overlays.ts';
import { baseNamed, draftView, type Studio } from './studio.ts';

export const DRAFT_PATH = `${FLOW_DRAFTS_PATH}/:id`;

export const byDraftId = {
  params: {
    type: 'object',
    properties: { id: { type: 'string', maxLength: 100 } },
    required: ['id'],
    additionalProperties: false,
  },
} as const;

export const NO_SUCH_DRAFT = {
  error: 'not_found',
  message: 'There is no such draft: it may have been published or deleted',
};

/** 409 to a save or publish made from an older revision than the draft's. */
export function draftConflict(studio: Studio, current: StoredDraft): DraftConflict {
  const at = current.updatedAt.toISOString();
  return {
    error: 'draft_conflict',
    changed_by: current.updatedBy,
    changed_at: at,
    // Said as the console shows it: "Changed by X at T".
    message: `Changed by ${current.updatedBy} at ${at}`,
    draft: draftView(studio, current),
  };
}

/** JSON with every object's keys sorted: the same consent written in another key order is no change to it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const sameJson = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

export function registerFlowDraftRoutes(app: FastifyInstance, studio: Studio): void {
  const readers = allow(ACCESS.flows);
  const editors = allow(ACCESS.flowChanges);
  const { db } = studio;

  app.post<{ Body: DraftCreate }>(
    FLOW_DRAFTS_PATH,
    {
      preHandler: editors,
      schema: { body: draftCreateBody },
      schemaErrorFormatter: fieldErrors('The draft'),
      bodyLimit: FLOW_STUDIO_BODY_LIMIT,
    },
    async (request, reply): Promise<FlowDraft | FastifyReply> => {
      const base = baseNamed(studio, request.body.base);
      if (base === undefined) {
        const message = `base must be a version (${[...studio.files.versions.map((file) => file.name), ...studio.catalog.published().map((version) => version.name)].join(', ')})`;
        return reply.code(400).send(invalidFields('The draft', [{ field: 'base', keyword: 'enum', message }]));
      }
      const draft = await createDraft(db, {
        base: request.body.base,
        overlay: { extends: extendsOf(base) },
        by: signedIn(request).email,
        at: new Date(studio.now()),
      });
      return reply.code(201).send(draftView(studio, draft));
    },
  );

  app.get<{ Params: { id: string } }>(
    DRAFT_PATH,
    { preHandler: readers, schema: byDraftId },
    async (request, reply): Promise<FlowDraft | FastifyReply> => {
      const draft = await findDraft(db, request.params.id);
      return draft === undefined ? reply.code(404).send(NO_SUCH_DRAFT) : draftView(studio, draft);
    },
  );

  app.put<{ Params: { id: string }; Body: DraftSave }>(
    DRAFT_PATH,
    {
      preHandler: editors,
      schema: { ...byDraftId, body: draftSaveBody },
      schemaErrorFormatter: fieldErrors('The draft'),
      bodyLimit: FLOW_STUDIO_BODY_LIMIT,
    },
    async (request, reply): Promise<FlowDraft | FastifyReply> => {
      const user = signedIn(request);
      const { overlay, revision } = request.body;
      const current = await findDraft(db, request.params.id);
      if (current === undefined) return reply.code(404).send(NO_SUCH_DRAFT);
      if (!isObject(overlay)) {
        return reply.code(422).send({
          error: 'invalid_overlay',
          message: 'The draft was not saved: it must be a JSON object of changes to its base',
          problems: [NOT_AN_OVERLAY],
        });
      }
      // Compared with the draft as stored, so a marketer may edit a draft whose consent an admin changed.
      if (user.role !== 'admin' && !sameJson(overlay.consent, current.overlay.consent)) {
        return reply.code(403).send({
          error: 'consent_admin_only',
          message: 'Only an admin may change the consent: leave "consent" as it is',
          fields: [{ field: 'consent', keyword: 'readOnly', message: 'consent may be changed by an admin only' }],
        });
      }
      const saved = await saveDraft(db, current.id, { overlay, revision, by: user.email, at: new Date(studio.now()) });
      if (saved === undefined) return reply.code(404).send(NO_SUCH_DRAFT);
      if ('stale' in saved) return reply.code(409).send(draftConflict(studio, saved.stale));
      return draftView(studio, saved.saved);
    },
  );

  app.delete<{ Params: { id: string } }>(
    DRAFT_PATH,
    { preHandler: editors, schema: byDraftId },
    async (request, reply) => {
      const deleted = await deleteDraft(db, request.params.id);
      return deleted ? reply.code(204).send() : reply.code(404).send(NO_SUCH_DRAFT);
    },
  );
}
