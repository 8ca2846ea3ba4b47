/**
 * PUT /api/admin/flows/drafts/:id/translations {language, texts, revision}, for admins and marketers: one language's
 * translations of the texts the draft adds or changes (docs/decisions/132-studio-versions-in-languages.md). Each is
 * stored with the English it translates, so a text changed afterwards shows as missing again. A pointer the draft has
 * no such text at, or a translation whose placeholders differ, is refused naming it; as for the draft itself, only an
 * admin may translate the consent.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCESS } from '../../../contracts/console.ts';
import {
  draftTranslationsBody,
  FLOW_STUDIO_BODY_LIMIT,
  type DraftTranslationsSave,
  type FlowDraft,
} from '../../../contracts/flow-studio.ts';
import { placeholderProblem } from '../../../engine/language/language-file.ts';
import type { GivenTranslation } from '../../../engine/language/version-translation.ts';
import { fieldErrors, invalidFields } from '../../platform/http/field-errors.ts';
import { allow, signedIn } from '../access.ts';
import { byDraftId, DRAFT_PATH, draftConflict, NO_SUCH_DRAFT } from './draft-routes.ts';
import { findDraft, saveTranslations } from './draft-store.ts';
import { draftView, type Studio } from './studio.ts';

/** The consent's words: changed by an admin only, in every language. */
const CONSENT_TEXT = '/consent/text';

export function registerTranslationsRoute(app: FastifyInstance, studio: Studio): void {
  app.put<{ Params: { id: string }; Body: DraftTranslationsSave }>(
    `${DRAFT_PATH}/translations`,
    {
      preHandler: allow(ACCESS.flowChanges),
      schema: { ...byDraftId, body: draftTranslationsBody },
      schemaErrorFormatter: fieldErrors('The translations'),
      bodyLimit: FLOW_STUDIO_BODY_LIMIT,
    },
    async (request, reply): Promise<FlowDraft | FastifyReply> => {
      const user = signedIn(request);
      const { language, texts, revision } = request.body;
      const known = studio.languages.map(({ file }) => file.language);
      if (!known.includes(language)) {
        const message = known.length === 0 ? 'the flows have no other language' : `must be one of: ${known.join(', ')}`;
        return reply
          .code(400)
          .send(invalidFields('The translations', [{ field: 'language', keyword: 'enum', message }]));
      }
      const current = await findDraft(studio.db, request.params.id);
      if (current === undefined) return reply.code(404).send(NO_SUCH_DRAFT);
      if (current.revision !== revision) return reply.code(409).send(draftConflict(studio, current));
      const own = studio.checked(current).languages.find((each) => each.language.file.language === language);
      const sources = new Map((own?.version.texts ?? []).map(({ pointer, source }) => [pointer, source]));
      const given: Record<string, GivenTranslation> = {};
      const problems: { field: string; keyword: string; message: string }[] = [];
      for (const [pointer, text] of Object.entries(texts)) {
        const source = sources.get(pointer);
        const field = `texts.${pointer}`;
        if (source === undefined) {
          problems.push({ field, keyword: 'enum', message: 'is not a text this draft adds or changes' });
          continue;
        }
        if (text.trim() === '') continue;
        const wrong = placeholderProblem(source, text);
        if (wrong !== undefined) problems.push({ field, keyword: 'pattern', message: wrong });
        else given[pointer] = { source, text };
      }
      if (problems.length > 0) return reply.code(422).send(invalidFields('The translations', problems));
      const before = current.translations[language]?.[CONSENT_TEXT]?.text;
      if (user.role !== 'admin' && given[CONSENT_TEXT]?.text !== before) {
        return reply.code(403).send({
          error: 'consent_admin_only',
          message: "Only an admin may translate the consent: leave the consent's translation as it is",
          fields: [{ field: `texts.${CONSENT_TEXT}`, keyword: 'readOnly', message: 'may be changed by an admin only' }],
        });
      }
      const saved = await saveTranslations(studio.db, current.id, {
        language,
        texts: given,
        revision,
        by: user.email,
        at: new Date(studio.now()),
      });
      if (saved === undefined) return reply.code(404).send(NO_SUCH_DRAFT);
      if ('stale' in saved) return reply.code(409).send(draftConflict(studio, saved.stale));
      return draftView(studio, saved.saved);
    },
  );
}
