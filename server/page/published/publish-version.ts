/**
 * Publishing: the version written whole, in one transaction, with everything a server needs to serve it (the resolved
 * flow and its validators scripts). A server stopped mid-publish leaves no row, and no server ever reads a part of one.
 */
import type { Flow } from '../../../engine/flow/definition.ts';
import type { Queryable } from '../../platform/db/types.ts';
import type { CompiledVersion } from './compile-version.ts';

export interface VersionToPublish {
  name: string;
  /** The version it extends (a file version or a published one). */
  base: string;
  /** The overlay as published: only what differs from the base, `extends` naming it. */
  overlay: Record<string, unknown>;
  /** The overlay applied to its base. */
  flow: Flow;
  compiled: CompiledVersion;
  /** The version in each other language whose every text is translated: its flow and validators. */
  languages: readonly { language: string; flow: Flow; compiled: CompiledVersion }[];
  /** The console user's email. */
  by: string;
}

/**
 * 'taken' when a version of that name exists (its primary key): nothing is written then. Called inside a transaction,
 * so a server stopped between the version and its languages leaves neither.
 */
export async function publishVersion(db: Queryable, version: VersionToPublish): Promise<'published' | 'taken'> {
  const { rowCount } = await db.query(
    `insert into flow_versions
       (name, base, overlay, flow, start_validators, later_validators, later_validators_hash, published_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (name) do nothing`,
    [
      version.name,
      version.base,
      JSON.stringify(version.overlay),
      JSON.stringify(version.flow),
      version.compiled.startValidators,
      version.compiled.laterValidators,
      version.compiled.laterValidatorsHash,
      version.by,
    ],
  );
  if (rowCount !== 1) return 'taken';
  for (const { language, flow, compiled } of version.languages) {
    await db.query(
      `insert into flow_version_languages
         (name, language, flow, start_validators, later_validators, later_validators_hash)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        version.name,
        language,
        JSON.stringify(flow),
        compiled.startValidators,
        compiled.laterValidators,
        compiled.laterValidatorsHash,
      ],
    );
  }
  return 'published';
}
