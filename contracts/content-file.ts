/**
 * The `$schema` key every content file starts with (site/content/*.json, server/page/content/*.json, the lenders file): the
 * site's and the server's content schemas both declare it this way, so an editor checks every file while it is typed.
 * Plain objects only: the page imports the shapes built on it.
 */

/** The `$schema` key every content file starts with; `name` is the file's name without `.json`. */
export function schemaKey<Name extends string>(name: Name) {
  return {
    type: 'string',
    const: `./schemas/${name}.schema.json`,
    description: 'Lets editors check this file while it is typed; leave it as it is.',
  } as const;
}
