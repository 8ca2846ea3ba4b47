/**
 * A field's error texts offered by the rules it has: the form shows, under "Error messages, by field", one text per
 * rule of each field (required, minimum, pattern...), empty where the flow's or the engine's own text applies, so a
 * marketer writes one without knowing the rules' names. An empty one is no change: it is taken out before the step is
 * compared with the base's.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON Schema keywords a field's answer can break, each named by the error it gives (engine/validation/). */
const RULES = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'oneOf',
];

export function withErrorSlots(step: Json): Json {
  const schema = isObject(step.schema) ? step.schema : {};
  const fields = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const written = isObject(step.errors) ? step.errors : {};
  const errors: Json = { ...written };
  for (const [field, rules] of Object.entries(fields)) {
    const keywords = [
      ...(required.includes(field) ? ['required'] : []),
      ...RULES.filter((rule) => isObject(rules) && rule in rules),
    ];
    if (keywords.length === 0) continue;
    const texts = isObject(written[field]) ? written[field] : {};
    errors[field] = { ...Object.fromEntries(keywords.map((keyword) => [keyword, ''])), ...texts };
  }
  return Object.keys(errors).length === 0 ? step : { ...step, errors };
}

/** The step from the form less the error texts left empty, which stand for no text (the next in order applies). */
export function withoutEmptyErrorTexts(step: Json): Json {
  if (!isObject(step.errors)) return step;
  const errors = Object.fromEntries(
    Object.entries(step.errors).map(([field, texts]) => [
      field,
      isObject(texts)
        ? Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== '' && text !== undefined))
        : texts,
    ]),
  );
  return { ...step, errors };
}
