/**
 * The JSON Schema files editors use for server/content/*.json, written to server/content/schemas/ by
 * `npm run flows:schema` (tools/flow-schema.ts) from schemas.ts.
 */
import { SERVER_CONTENT_FILES } from './schemas.ts';
import { schemaFileText, type SchemaFile } from '../../site/content/schema-files.ts';

export function serverContentSchemaFiles(): SchemaFile[] {
  return SERVER_CONTENT_FILES.map(({ name, schema }) => ({
    name: `${name}.schema.json`,
    text: schemaFileText(schema, 'server/content/schemas.ts and engine/api/schemas.ts'),
  }));
}
