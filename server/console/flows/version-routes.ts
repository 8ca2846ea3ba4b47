/**
 * Reading the versions, for every role: GET /api/admin/flows (the versions and the drafts), GET
 * /api/admin/flows/versions/:name (one resolved and as written) and GET /api/admin/flows/versions/:name/overlay, the
 * version as a file for flows/ that `npm run flows:check` accepts and that behaves the same once committed.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCESS } from '../../../contracts/console.ts';
import {
  FLOW_VERSIONS_PATH,
  FLOWS_PATH,
  type FlowVersionDetail,
  type FlowVersionList,
} from '../../../contracts/flow-studio.ts';
import { allow } from '../access.ts';
import { listDrafts } from './draft-store.ts';
import { overlayFileName, fileBaseOf, type Base } from './overlays.ts';
import { baseNamed, type Studio } from './studio.ts';
import { fileSummary, publishedSummary, versionSummaries } from './version-list.ts';

const byName = {
  params: {
    type: 'object',
    properties: { name: { type: 'string', maxLength: 100 } },
    required: ['name'],
    additionalProperties: false,
  },
} as const;

export const noSuchVersion = (name: string) => ({ error: 'not_found', message: `There is no version ${name}` });

/** The version as written: a file's JSON, or a published version's completed overlay; and its file's name. */
export function writtenAs(studio: Studio, base: Base): { overlay: Record<string, unknown>; fileName: string } {
  if (base.kind === 'file') return { overlay: base.file.source, fileName: base.file.file };
  const fileBase = fileBaseOf(base, studio.files);
  const fileName = fileBase === undefined ? `${base.version.name}.json` : overlayFileName(fileBase, base.version.name);
  return { overlay: base.version.overlay, fileName };
}

export function registerFlowVersionRoutes(app: FastifyInstance, studio: Studio): void {
  const readers = allow(ACCESS.flows);

  app.get(FLOWS_PATH, { preHandler: readers }, async (): Promise<FlowVersionList> => {
    const [versions, drafts] = await Promise.all([versionSummaries(studio), listDrafts(studio.db)]);
    return {
      versions,
      drafts: drafts.map((draft) => ({
        id: draft.id,
        base: draft.base,
        revision: draft.revision,
        updated_by: draft.updatedBy,
        updated_at: draft.updatedAt.toISOString(),
      })),
    };
  });

  const found = (name: string, reply: FastifyReply): Base | undefined => {
    const base = baseNamed(studio, name);
    if (base === undefined) void reply.code(404).send(noSuchVersion(name));
    return base;
  };

  app.get<{ Params: { name: string } }>(
    `${FLOW_VERSIONS_PATH}/:name`,
    { preHandler: readers, schema: byName },
    async (request, reply): Promise<FlowVersionDetail | FastifyReply> => {
      const base = found(request.params.name, reply);
      if (base === undefined) return reply;
      return {
        summary:
          base.kind === 'file' ? await fileSummary(studio, base.file) : await publishedSummary(studio, base.version),
        flow: (base.kind === 'file' ? base.file.flow : base.version.flow) as unknown as Record<string, unknown>,
        overlay: writtenAs(studio, base).overlay,
      };
    },
  );

  app.get<{ Params: { name: string } }>(
    `${FLOW_VERSIONS_PATH}/:name/overlay`,
    { preHandler: readers, schema: byName },
    async (request, reply) => {
      const base = found(request.params.name, reply);
      if (base === undefined) return reply;
      const { overlay, fileName } = writtenAs(studio, base);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(`${JSON.stringify(overlay, null, 2)}\n`);
    },
  );
}
