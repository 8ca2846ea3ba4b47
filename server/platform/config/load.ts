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

  constructor(problems: readonly string[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      `The server settings have ${count}. Fix them in the environment or in .env (see .env.example):\n` +
        problems.map((text) => `  - ${text}`).join('\n'),
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Both say where leads go: one place must, so a buyer is never left out without anyone noticing. */
export const LENDERS_AND_FORWARD =
  'LEAD_FORWARD_URL and LENDERS_FILE are both set: move LEAD_FORWARD_URL (with LEAD_FORWARD_SECRET) into ' +
  'LENDERS_FILE as a buyer (docs/lenders.md), then remove them';

type Env = Readonly<Record<string, string | undefined>>;

/** Validates the environment into the config object, or throws a ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    const raw = (env[variable.name] ?? '').trim();
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
      problems.push(`${variable.name} ${parsed.problem} ${got}`);
    }
  }
  const config = values as Config;
  problems.push(...crossChecks(config, problems));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
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
  if (config.lendersFile !== undefined && config.leadForwardUrl !== undefined) problems.push(LENDERS_AND_FORWARD);
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
