/**
 * Stands in for fast-uri in the page's script (decision 015). @rjsf/utils calls two of its functions, `resolve` and
 * `equal`, and only for a schema that declares JSON Schema 2020-12 and refers by `$ref` to other schemas; a step's
 * schema may not declare a `$schema` (the flow checks refuse it), so the page never calls them. Either call is a
 * change in what the page asks of rjsf, and stops at once with this error rather than resolving a reference wrongly.
 */
function notInThePage(name: string): never {
  throw new Error(
    `fast-uri's ${name}() was called, which the page leaves out: rjsf resolves $ref of JSON Schema 2020-12 schemas with it, ` +
      'and flow schemas have none (docs/decisions/015-fast-uri-left-out.md)',
  );
}

export default {
  resolve: (): never => notInThePage('resolve'),
  equal: (): never => notInThePage('equal'),
};
