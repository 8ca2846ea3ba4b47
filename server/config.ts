/**
 * The server's settings, read from the environment and validated at start. The table of variables is
 * config/settings.ts, their parsers config/parsers.ts, the reading and its checks config/load.ts.
 */
export { ConfigError, loadConfig, loadDotEnv } from './config/load.ts';
export { LOG_LEVELS } from './config/parsers.ts';
export type { LogLevel } from './config/parsers.ts';
export { VARIABLES } from './config/settings.ts';
export type { Config } from './config/settings.ts';
