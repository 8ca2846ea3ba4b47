/**
 * Fastify gives every request a child logger bound to its id before the request has logged anything, and a pino
 * child (bindings serialized, and every log method rebuilt when the route sets its own level) is among the largest
 * costs of a small answer. Most requests to a busy server log nothing at the level they run at: ZIP lookups log from
 * warn up. This child is made on the request's first line that its level lets through, and is the same pino child
 * from then on, so what is logged does not change.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type FastifyChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<FastifyChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<FastifyChildLoggerFactory>[2];

// pino's standard levels; a level outside them (a custom one) makes the child at once.
const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  readonly #threshold: number;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#threshold = LEVEL_VALUES[options.level ?? parent.level] ?? 0;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #log(level: Level, args: unknown[]): void {
    if (LEVEL_VALUES[level]! < this.#threshold) return;
    // TypeScript 7 takes no spread into pino's overloaded log functions without the assertion; TypeScript 6, which the
    // linter runs on, already reads the member as one signature and calls the assertion unnecessary.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    (this.#made()[level] as (...args: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  silent(): void {}
}

/** Fastify's childLoggerFactory option. */
export const lazyChildLogger: FastifyChildLoggerFactory = (parent, bindings, options) =>
  new LazyChildLogger(parent, bindings, options);
