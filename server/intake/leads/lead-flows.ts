/**
 * The flows that take leads, read once at start from the same flow files the page is built from: per version, the
 * lead's JSON Schema compiled with the browser's validation rules, the step that asks each field (so a refusal uses
 * that step's own error texts), and the consent text the visitor was shown; the same for each language of the flows
 * folder (flows/languages/), whose consent text is the one a visitor of that language was shown.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Value } from 'typebox/value';
import { FlowSchema, type Flow } from '../../../engine/flow/definition.ts';
import { leadSchema } from '../../../engine/flow/lead.ts';
import { DEFAULT_LEAD_LANGUAGE, LEAD_PAYLOAD_FIELDS } from '../../../contracts/lead.ts';
import type { FlowFile } from '../../../engine/flow/load.ts';
import { readLanguageFlowFiles, type LanguageFlowFile } from '../../../engine/language/language-flows.ts';
import type { ConsentNames } from '../../../engine/flow/consent.ts';
import { SERVED_STATES } from '../../../contracts/served-area.ts';
import { consentShown, type ConsentShown } from './consent-shown.ts';

/** A flow file cannot take leads; the message names the file and what to fix. */
export class LeadFlowsError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LeadFlowsError';
  }
}

export interface LeadFlow {
  flow: Flow;
  validate: ValidateFunction;
  /** The id of the step that asks each field; fields the submit adds have none. */
  stepOf: ReadonlyMap<string, string>;
  consent: ConsentShown;
  /**
   * This version in each other language of the flows folder, by language code ("es"): its messages and its consent
   * text in that language. A published version has those it was published in; a lead in any other takes the English
   * ones.
   */
  translations?: ReadonlyMap<string, LeadFlow>;
}

/** Lead flows by version label ("v1", "v2", ...), which the payload's flow_version (or its flow) selects. */
export type LeadFlows = ReadonlyMap<string, LeadFlow>;

/** The languages leads may be sent in: English, and every language the flows are translated into. */
export function leadLanguages(flows: LeadFlows): string[] {
  const translated = [...flows.values()].flatMap((flow) => [...(flow.translations?.keys() ?? [])]);
  return [...new Set([DEFAULT_LEAD_LANGUAGE, ...translated])];
}

/** The version in `language`, or as written when it has no translation in it. */
export function inLanguage(flow: LeadFlow, language: string): LeadFlow {
  return flow.translations?.get(language) ?? flow;
}

/**
 * The browser's validation semantics: no coercion ("10000" is not a number), nothing stripped or defaulted, every
 * error. The same multipleOf precision as the page's validator, so a value the page accepts is accepted here.
 * Strict, so a misspelt keyword in a flow stops the server instead of silently checking nothing.
 */
function leadAjv(): Ajv {
  return new Ajv({
    strict: true,
    allErrors: true,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
    multipleOfPrecision: 8,
  });
}

function checkedFlow({ file, json }: FlowFile): Flow {
  if (!Value.Check(FlowSchema, json)) {
    const problems = [...Value.Errors(FlowSchema, json)]
      .slice(0, 3)
      .map((error) => `${error.instancePath || '/'} ${error.message}`);
    throw new LeadFlowsError(`${file} is not a valid flow (npm run flows:check explains): ${problems.join('; ')}`);
  }
  return json;
}

function stepsByField(flow: Flow): Map<string, string> {
  const stepOf = new Map<string, string>();
  for (const [stepId, step] of Object.entries(flow.steps)) {
    if (step.schema === undefined || step.standalone === true) continue;
    for (const field of Object.keys(step.schema.properties)) if (!stepOf.has(field)) stepOf.set(field, stepId);
  }
  return stepOf;
}

/** Whether a lead's `state` field takes the served states and nothing else, in any order: as the page's ZIP checks. */
function listsServedStates(state: unknown): boolean {
  const listed = (state as { enum?: unknown } | undefined)?.enum;
  if (!Array.isArray(listed)) return false;
  const codes = new Set<unknown>(listed);
  return codes.size === SERVED_STATES.length && SERVED_STATES.every((code) => codes.has(code));
}

/**
 * A flow that takes leads (named `source` in messages: its file, or its published name): throws LeadFlowsError naming
 * it when it cannot. Each lead schema is compiled by an Ajv of its own, so versions never clash over a schema's $id.
 */
export function leadFlowOf(source: string, flow: Flow, names: ConsentNames, locale?: string): LeadFlow {
  if (flow.consent === undefined) {
    throw new LeadFlowsError(`${source}: a flow that takes leads needs "consent" (the text and its version)`);
  }
  const schema = leadSchema(flow);
  const missing = LEAD_PAYLOAD_FIELDS.filter((field) => !(field in schema.properties));
  if (missing.length > 0) {
    throw new LeadFlowsError(
      `${source}: no step asks for ${missing.map((field) => `"${field}"`).join(', ')}, which every buyer ` +
        'receives in each lead (docs/decisions/045-lead-api-contract.md): add the field back to its step',
    );
  }
  if (!listsServedStates(schema.properties.state)) {
    throw new LeadFlowsError(
      `${source}: the "state" field must list exactly the served states, the 50 states and DC: ` +
        `${SERVED_STATES.join(', ')} (docs/decisions/046-us-territories.md)`,
    );
  }
  let validate: ValidateFunction;
  try {
    validate = leadAjv().compile(schema);
  } catch (error) {
    const reason = (error as Error).message;
    throw new LeadFlowsError(`${source}: the lead schema does not compile: ${reason}`, { cause: error });
  }
  return { flow, validate, stepOf: stepsByField(flow), consent: consentShown(flow.consent, names, locale) };
}

/**
 * Reads the flow files of dir and their translations (the consent texts naming the product and lenders as the page
 * does); throws LeadFlowsError naming the file when one cannot take leads.
 */
export function readLeadFlows(dir: string, names: ConsentNames): LeadFlows {
  let files: LanguageFlowFile[];
  try {
    files = readLanguageFlowFiles(dir);
  } catch (error) {
    throw new LeadFlowsError(`The flow files cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const byVersion = new Map<string, LeadFlow & { file: string; translations: Map<string, LeadFlow> }>();
  for (const file of files.filter(({ language }) => language === DEFAULT_LEAD_LANGUAGE)) {
    const flow = checkedFlow(file);
    const clash = byVersion.get(flow.version);
    if (clash !== undefined) {
      throw new LeadFlowsError(`${clash.file} and ${file.file} are both version "${flow.version}": give each its own`);
    }
    byVersion.set(flow.version, { file: file.file, ...leadFlowOf(file.file, flow, names), translations: new Map() });
  }
  // A language's flows are the versions just checked, their words translated and their basePath under the language's
  // prefix (which a flow file may not have): each sits with its English version.
  for (const file of files.filter(({ language }) => language !== DEFAULT_LEAD_LANGUAGE)) {
    const flow = file.json as Flow;
    const source = `${file.file} in "${file.language}"`;
    byVersion.get(flow.version)?.translations.set(file.language, leadFlowOf(source, flow, names, file.locale));
  }
  return byVersion;
}
