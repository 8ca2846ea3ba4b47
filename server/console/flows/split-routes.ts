/**
 * Running the published versions, for admins and marketers: PUT /api/admin/flows/split {weights} sets the split
 * test's weights of '/' among live versions (all 0: the test is off and '/' is v1), and POST
 * /api/admin/flows/versions/:name/retire closes a published version to new visitors. Both reach every server with the
 * catalog's next poll, and both go in the audit log.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCESS } from '../../../contracts/console.ts';
import {
  FLOW_SPLIT_PATH,
  FLOW_STUDIO_BODY_LIMIT,
  FLOW_VERSIONS_PATH,
  splitWeightsBody,
  type FlowVersionSummary,
  type SplitWeights,
} from '../../../contracts/flow-studio.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { allow, signedIn } from '../access.ts';
import { fieldErrors, invalidFields } from '../../platform/http/field-errors.ts';
import type { PublishedVersion } from '../../page/index.ts';
import { baseNamed, refreshAfterChange, type Studio } from './studio.ts';
import { versionDiff } from './version-diff.ts';
import { isLive, publishedSummary, splitShares } from './version-list.ts';
import { noSuchVersion } from './version-routes.ts';

type InvalidField = { field: string; keyword: string; message: string };

function weightProblems(studio: Studio, weights: Record<string, unknown>): InvalidField[] {
  return Object.entries(weights).flatMap(([name, weight]): InvalidField[] => {
    const field = `weights.${name}`;
    if (!isLive(studio, name)) {
      return [{ field, keyword: 'enum', message: `${name} is not a live version: only live versions share '/'` }];
    }
    if (typeof weight !== 'number' || !Number.isSafeInteger(weight) || weight < 0) {
      return [{ field, keyword: 'minimum', message: `the weight of ${name} must be a whole number, 0 or more` }];
    }
    return [];
  });
}

/** The weights as the audit log reads them: "v1 50, spring-promo 50", or "off". */
const weightsRead = (weights: ReadonlyMap<string, number>): string =>
  [...weights.values()].some((weight) => weight > 0)
    ? [...weights].map(([name, weight]) => `${name} ${weight}`).join(', ')
    : 'off (every weight 0: / is v1)';

/** "spring-promo from v1: amount: heading changed from ... to ...": what was taken off, read against its base. */
function retiredRead(studio: Studio, version: PublishedVersion): string {
  const base = baseNamed(studio, version.base);
  if (base === undefined) return `${version.name} from ${version.base}`;
  const baseFlow = base.kind === 'file' ? base.file.flow : base.version.flow;
  return `${version.name} from ${version.base}: ${versionDiff(baseFlow, version.flow)}`;
}

export function registerSplitRoutes(app: FastifyInstance, studio: Studio): void {
  const editors = allow(ACCESS.flowChanges);

  app.put<{ Body: SplitWeights }>(
    FLOW_SPLIT_PATH,
    {
      preHandler: editors,
      schema: { body: splitWeightsBody },
      schemaErrorFormatter: fieldErrors('The split'),
      bodyLimit: FLOW_STUDIO_BODY_LIMIT,
    },
    async (request, reply): Promise<SplitWeights | FastifyReply> => {
      const problems = weightProblems(studio, request.body.weights);
      if (problems.length > 0) return reply.code(400).send(invalidFields('The split', problems));
      const weights = new Map(Object.entries(request.body.weights));
      // Turning the test off still writes a row: with none, SPLIT_TEST would apply again.
      if (weights.size === 0) weights.set(studio.files.versions[0]!.name, 0);
      const by = signedIn(request).email;
      await studio.db.transaction(async (tx) => {
        await tx.query('delete from flow_split_weights');
        for (const [version, weight] of weights) {
          await tx.query('insert into flow_split_weights (version, weight, changed_by) values ($1, $2, $3)', [
            version,
            weight,
            by,
          ]);
        }
        await recordAudit(tx, auditOf(request, 'flow-split-changed', weightsRead(weights)));
      });
      await refreshAfterChange(studio, request);
      return { weights: Object.fromEntries(splitShares(studio)) };
    },
  );

  app.post<{ Params: { name: string } }>(
    `${FLOW_VERSIONS_PATH}/:name/retire`,
    {
      preHandler: editors,
      schema: {
        params: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 100 } },
          required: ['name'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply): Promise<FlowVersionSummary | FastifyReply> => {
      const { name } = request.params;
      const base = baseNamed(studio, name);
      if (base === undefined) return reply.code(404).send(noSuchVersion(name));
      if (base.kind === 'file') {
        return reply.code(422).send({
          error: 'not_retirable',
          message: `${name} is a flow file's version: only a version published here can be retired (v1 always serves /)`,
        });
      }
      await studio.db.transaction(async (tx) => {
        const { rowCount } = await tx.query(
          // Retired by the app's clock, which the page counts the version's last week by; changed by the database's,
          // which every server polls by.
          'update flow_versions set retired_at = $2, changed_at = now() where name = $1 and retired_at is null',
          [name, new Date(studio.now())],
        );
        // Retiring a retired version changes nothing, and says so by changing nothing in the log either.
        if (rowCount === 1) await recordAudit(tx, auditOf(request, 'flow-retired', retiredRead(studio, base.version)));
      });
      await refreshAfterChange(studio, request);
      return publishedSummary(studio, studio.catalog.get(name) ?? base.version);
    },
  );
}
