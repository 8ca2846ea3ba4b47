/** One row of the settings table: an environment variable, what operators read about it, and how it is parsed. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface Variable<T> {
  readonly name: string;
  /**
   * The name the setting had before it was renamed: still read when `name` is unset, with a warning at start that
   * names the new one (docs/decisions/074-one-word-for-a-buyer.md). Never shown in .env.example.
   */
  readonly formerName?: string;
  /** One or two sentences for operators; .env.example shows it above the variable. */
  readonly description: string;
  /** The value used when the variable is unset or blank, written as in the environment. Absent: optional setting. */
  readonly default?: string;
  /** A sample value for .env.example when there is no default. */
  readonly example?: string;
  /** Messages never repeat the value (it may hold a password). */
  readonly secret?: boolean;
  readonly parse: (raw: string) => Parsed<T>;
}

export function withDefault<T>(spec: Variable<T> & { default: string }): Variable<T> {
  return spec;
}

export function optional<T>(spec: Omit<Variable<T>, 'default'>): Variable<T | undefined> {
  return spec;
}

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const problem = (text: string): Parsed<never> => ({ ok: false, problem: text });
