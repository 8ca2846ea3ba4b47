/**
 * Completion in the Raw tab from a JSON Schema: at a key, the keys the schema allows there (each with its
 * description); after a key's colon, the values it allows (enum, const, true/false). Where the cursor is, is read
 * from the text before it by a small scanner rather than the syntax tree, so half-typed JSON still completes.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

interface Container {
  kind: 'object' | 'array';
  /** In an object: the last key read; in an array: the item's index. */
  key: string;
  /** In an object: a key is expected next (after `{` or `,`), not a value. */
  atKey: boolean;
}

/** Where the end of `text` is: the keys leading to it, and whether a key (rather than a value) is being typed. */
export function placeAt(text: string): { path: string[]; atKey: boolean } | undefined {
  const stack: Container[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const top = stack[stack.length - 1];
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) break; // an open string: the place being typed
      if (top?.kind === 'object' && top.atKey) top.key = text.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (char === '{') stack.push({ kind: 'object', key: '', atKey: true });
    else if (char === '[') stack.push({ kind: 'array', key: '0', atKey: false });
    else if (char === '}' || char === ']') stack.pop();
    else if (char === ':' && top?.kind === 'object') top.atKey = false;
    else if (char === ',' && top !== undefined) {
      if (top.kind === 'object') top.atKey = true;
      else top.key = String(Number(top.key) + 1);
    }
    i += 1;
  }
  const top = stack[stack.length - 1];
  if (top === undefined) return undefined;
  const path = stack.flatMap((container, index) =>
    index === stack.length - 1 && container.kind === 'object' && container.atKey ? [] : [container.key],
  );
  // The outermost container is the overlay itself, whose key names the first step of the path.
  return { path, atKey: top.kind === 'object' && top.atKey };
}

/** A schema with the alternatives it allows laid out: each anyOf/oneOf/allOf branch and if/then/else part. */
function alternatives(schema: Schema): Schema[] {
  const parts = ['anyOf', 'oneOf', 'allOf'].flatMap((key) =>
    Array.isArray(schema[key]) ? (schema[key] as unknown[]) : [],
  );
  const conditional = [schema.then, schema.else];
  return [schema, ...[...parts, ...conditional].filter(isObject).flatMap(alternatives)];
}

/** The schemas of the value at `key` inside a value of `schema`. */
function inside(schema: Schema, key: string): Schema[] {
  return alternatives(schema).flatMap((option) => {
    const found: unknown[] = [];
    if (isObject(option.properties) && key in option.properties) found.push(option.properties[key]);
    else if (isObject(option.patternProperties)) {
      for (const [pattern, value] of Object.entries(option.patternProperties)) {
        if (new RegExp(pattern).test(key)) found.push(value);
      }
    }
    if (isObject(option.items)) found.push(option.items);
    return found.filter(isObject);
  });
}

/** The schemas at a path (one key after another) from the root. */
export function schemasAt(root: Schema, path: readonly string[]): Schema[] {
  return path.reduce<Schema[]>((schemas, key) => schemas.flatMap((schema) => inside(schema, key)), [root]);
}

/** The keys the schemas allow, each once, with its description. */
export function keyCompletions(schemas: readonly Schema[]): Completion[] {
  const seen = new Map<string, Completion>();
  for (const option of schemas.flatMap(alternatives)) {
    if (!isObject(option.properties)) continue;
    for (const [key, value] of Object.entries(option.properties)) {
      if (seen.has(key)) continue;
      const info = isObject(value) && typeof value.description === 'string' ? value.description : undefined;
      seen.set(key, { label: JSON.stringify(key), type: 'property', info });
    }
  }
  return [...seen.values()];
}

/** The values the schemas allow by name: each enum value and const, and true and false for a boolean. */
export function valueCompletions(schemas: readonly Schema[]): Completion[] {
  const values = new Set<string>();
  for (const option of schemas.flatMap(alternatives)) {
    if (Array.isArray(option.enum)) for (const value of option.enum) values.add(JSON.stringify(value));
    if ('const' in option) values.add(JSON.stringify(option.const));
    if (option.type === 'boolean') ['true', 'false'].forEach((value) => values.add(value));
  }
  return [...values].map((label) => ({ label, type: 'constant' }));
}

export function schemaCompletion(root: Schema): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const typed = context.matchBefore(/"?[^\s"{}[\],:]*$/);
    const from = typed?.from ?? context.pos;
    const place = placeAt(context.state.doc.sliceString(0, from));
    if (place === undefined) return null;
    if (typed === null && !context.explicit) return null;
    const schemas = schemasAt(root, place.path);
    const options = place.atKey ? keyCompletions(schemas) : valueCompletions(schemas);
    return options.length === 0 ? null : { from, options, validFor: /^"?[^\s"{}[\],:]*$/ };
  };
}
