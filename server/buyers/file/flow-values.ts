/**
 * The values the flows offer for what buyers filter on: every `credit_score` and `loan_purpose` a step lets a visitor
 * pick, and the flow versions. BUYERS_FILE's check refuses a filter value none of them has, which would otherwise
 * match no lead and quietly starve a buyer.
 */
import { readFlowFiles } from '../../../engine/flow/load.ts';

export interface FlowValues {
  creditScores: readonly string[];
  loanPurposes: readonly string[];
  flowVersions: readonly string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A field's choices: its `enum`, or the `const` of each `oneOf`/`anyOf` entry. */
function choices(field: unknown): string[] {
  if (!isObject(field)) return [];
  const listed: unknown[] = Array.isArray(field.enum) ? field.enum : [];
  const entries = [field.oneOf, field.anyOf].flatMap((list): unknown[] => (Array.isArray(list) ? list : []));
  const consts = entries.flatMap((entry) => (isObject(entry) && 'const' in entry ? [entry.const] : []));
  return [...listed, ...consts].filter((value): value is string => typeof value === 'string');
}

/** What the flows of `dir` offer, each value once, in the order first found. */
export function readFlowValues(dir: string): FlowValues {
  const creditScores = new Set<string>();
  const loanPurposes = new Set<string>();
  const flowVersions = new Set<string>();
  for (const { json } of readFlowFiles(dir)) {
    if (!isObject(json)) continue;
    if (typeof json.version === 'string') flowVersions.add(json.version);
    for (const step of isObject(json.steps) ? Object.values(json.steps) : []) {
      const properties = isObject(step) && isObject(step.schema) ? step.schema.properties : undefined;
      if (!isObject(properties)) continue;
      for (const value of choices(properties.credit_score)) creditScores.add(value);
      for (const value of choices(properties.loan_purpose)) loanPurposes.add(value);
    }
  }
  return { creditScores: [...creditScores], loanPurposes: [...loanPurposes], flowVersions: [...flowVersions] };
}
