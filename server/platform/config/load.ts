/** The environment read and validated against the settings table, every problem reported at once. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { passwordProblem } from '../../../contracts/accounts.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { type Config, VARIABLES } from './settings.ts';
import type { Variable } from './variable.ts';

/** Every problem with the settings, reported together so one restart fixes them all. */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  /** The renamed settings read under their former names (renamedNotice), shown after the problems. */
  readonly notices: readonly string[];

  constructor(problems: readonly string[], notices: readonly string[] = []) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    const renamed =
      notices.length === 0 ? '' : `\nRenamed settings:\n${notices.map((text) => `  - ${text}`).join('\n')}`;
    super(
      `The server settings have ${count}. Fix them in the environment or in .env (see .env.example):\n` +
        problems.map((text) => `  - ${text}`).join('\n') +
        renamed,
    );
    this.name = 'ConfigError';
    this.problems = problems;
    this.notices = notices;
  }
}

/** Both say where leads go: one place must, so a buyer is never left out without anyone noticing. */
export const BUYERS_FILE_AND_URL =
  'BUYER_URL and BUYERS_FILE are both set: move BUYER_URL (with BUYER_SECRET) into BUYERS_FILE as a buyer ' +
  '(docs/buyers.md), then remove them';

/** What the server warns of at start when a setting is read under the name it had before (Variable.formerName). */
export function renamedNotice(formerName: string, name: string): string {
  return `${formerName} is read as ${name}, its new name: rename it`;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The settings, and the warnings the server logs once its logger exists (a setting read under its former name). */
export interface LoadedConfig {
  config: Config;
  notices: readonly string[];
}

/** Validates the environment into the config object, or throws a ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  return readConfig(env).config;
}

/**
 * loadConfig, with the notices to log: a renamed setting set only under its former name is read as the new one, with
 * a notice naming the new one; set under both names with different values, it is a problem naming both.
 */
export function readConfig(env: Env = process.env): LoadedConfig {
  const problems: string[] = [];
  const notices: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    let raw = (env[variable.name] ?? '').trim();
    // The name problems say: the one the operator set, with the new one when that was the former name.
    let setAs = variable.name;
    const former = variable.formerName === undefined ? '' : (env[variable.formerName] ?? '').trim();
    if (variable.formerName !== undefined && former !== '') {
      if (raw !== '' && raw !== former) {
        problems.push(
          `${variable.formerName} and ${variable.name} are both set, to different values: ${variable.name} is ` +
            `${variable.formerName}'s new name, keep the value you mean under ${variable.name} and remove ` +
            variable.formerName,
        );
        continue;
      }
      if (raw === '') {
        notices.push(renamedNotice(variable.formerName, variable.name));
        raw = former;
        setAs = `${variable.formerName} (read as ${variable.name})`;
      } else {
        notices.push(
          `${variable.formerName} is set beside ${variable.name}, its new name, to the same value: remove it`,
        );
      }
    }
    const text = raw === '' ? variable.default : raw;
    if (text === undefined) {
      values[key] = undefined;
      continue;
    }
    const parsed = variable.parse(text);
    if (parsed.ok) {
      values[key] = parsed.value;
    } else {
      const got = variable.secret ? '(value not shown: it may hold a password)' : `(got ${JSON.stringify(text)})`;
      problems.push(`${setAs} ${parsed.problem} ${got}`);
    }
  }
  const config = values as Config;
  problems.push(...crossChecks(config, problems));
  if (problems.length > 0) throw new ConfigError(problems, notices);
  return { config: Object.freeze(config), notices };
}

function crossChecks(config: Config, earlier: readonly string[]): string[] {
  const problems: string[] = [];
  const mentioned = (name: string) => earlier.some((text) => text.startsWith(`${name} `));
  const hasAuth = config.gtmAuth !== undefined || mentioned('GTM_AUTH');
  const hasPreview = config.gtmPreview !== undefined || mentioned('GTM_PREVIEW');
  if ((hasAuth || hasPreview) && config.gtmId === undefined && !mentioned('GTM_ID')) {
    problems.push('GTM_AUTH and GTM_PREVIEW need GTM_ID: set GTM_ID to the container id, or remove them');
  }
  if (config.enhancedConversions && config.gtmId === undefined && !mentioned('GTM_ID')) {
    problems.push('ENHANCED_CONVERSIONS needs GTM_ID (its hashes go to the tag manager): set GTM_ID, or remove it');
  }
  if (hasAuth !== hasPreview) {
    problems.push(
      'GTM_AUTH and GTM_PREVIEW go together (both come from one Google Tag Manager environment): set both or neither',
    );
  }
  const hasLookupUrl = config.phoneLookupUrl !== undefined || mentioned('PHONE_LOOKUP_URL');
  const hasLookupKey = config.phoneLookupApiKey !== undefined || mentioned('PHONE_LOOKUP_API_KEY');
  if (hasLookupUrl !== hasLookupKey) {
    problems.push(
      'PHONE_LOOKUP_URL and PHONE_LOOKUP_API_KEY go together (the service needs its key): set both or neither',
    );
  }
  if (config.buyersFile !== undefined && config.buyerUrl !== undefined) problems.push(BUYERS_FILE_AND_URL);
  const hasAdminEmail = config.adminEmail !== undefined || mentioned('ADMIN_EMAIL');
  const hasAdminPassword = config.adminPassword !== undefined || mentioned('ADMIN_PASSWORD');
  if (hasAdminEmail !== hasAdminPassword) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD go together (the first admin needs both): set both or neither');
  }
  if (config.adminEmail !== undefined && config.adminPassword !== undefined) {
    const wrong = passwordProblem(config.adminPassword, config.adminEmail);
    if (wrong !== undefined) problems.push(`ADMIN_PASSWORD ${wrong}`);
  }
  return problems;
}

/** Reads `.env` at the project root into process.env when the file exists; variables already set win. */
export function loadDotEnv(file = join(PROJECT_ROOT, '.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
