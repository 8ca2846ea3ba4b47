/** The one database interface the server uses, whether the embedded PGlite or PostgreSQL is behind it. */

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows returned by a SELECT, or rows changed by INSERT/UPDATE/DELETE. */
  rowCount: number;
}

export interface Queryable {
  /**
   * One SQL statement with $1, $2... parameters. Both databases return the same JavaScript types: int4 and int8 as
   * numbers, numeric as strings, timestamptz as Date, json/jsonb parsed.
   */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs and messages (never includes a password). */
  readonly description: string;
  /**
   * Runs fn in one transaction: committed when fn resolves, rolled back when it throws. Use only `tx` inside fn:
   * the embedded database has one connection, so a query on the Database itself would wait for the transaction.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the connections (and releases the data folder of the embedded database). */
  close(): Promise<void>;
}

/** The database could not be opened or reached; the message says which one and why (never a password). */
export class DatabaseOpenError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseOpenError';
  }
}
