/**
 * A buyer's field map (BUYERS_FILE `fieldMap`): the lead's fields renamed to the names its system takes, in the body
 * it receives. Only names change: values and the order of the fields stay as every other buyer receives them.
 */
import {
  GPC_FIELD,
  LANGUAGE_FIELD,
  LEAD_PAYLOAD_FIELDS,
  PING_ID_FIELD,
  SALE_PRICE_FIELD,
  TIME_ZONE_FIELD,
} from '../../../contracts/lead.ts';

/**
 * The fields a field map may rename: the spec's payload, the two every delivery adds, the two a post on a bid adds
 * (its price and the ping it answered), and the three intake adds to every lead (the opt-out preference signal, the
 * visitor's time zone and the language the form was filled in).
 */
export const MAPPABLE_FIELDS: readonly string[] = [
  ...LEAD_PAYLOAD_FIELDS,
  'time_stamp',
  'flow_version',
  SALE_PRICE_FIELD,
  PING_ID_FIELD,
  GPC_FIELD,
  TIME_ZONE_FIELD,
  LANGUAGE_FIELD,
];

/** The body's fields, those the map names renamed; the same object when there is nothing to rename. */
export function mapFields(
  body: Readonly<Record<string, unknown>>,
  fieldMap: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, unknown>> {
  if (fieldMap === undefined || Object.keys(fieldMap).length === 0) return body;
  const targets = new Set(Object.values(fieldMap));
  const mapped: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    const renamed = Object.hasOwn(fieldMap, field);
    // A field keeping its name never takes the place of one renamed onto it: BUYERS_FILE's check refuses such a
    // map, and this keeps the renamed value should a lead carry an extra field of that name.
    if (!renamed && targets.has(field)) continue;
    mapped[renamed ? fieldMap[field]! : field] = value;
  }
  return mapped;
}
