/** The log delivery and routing write to: Pino's call shape, so the Fastify logger fits and a test can pass its own. */
type LogFn = (fields: Record<string, unknown>, message: string) => void;

export interface DeliveryLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
