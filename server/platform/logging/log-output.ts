/**
 * Where the server's log lines go by default: stdout, in one write per turn of the event loop. Under load the request
 * log is two lines per request, and a write each (a system call each, on a pipe or a file) cost more than answering a
 * ZIP lookup (docs/decisions/031-zip-lookup-throughput.md). Lines still pending when the process exits are written
 * on the way out; only a signal the process does not handle (SIGKILL) can lose the last turn's lines.
 *
 * On a terminal the lines are for a person: pino-pretty rewrites each JSON line as a line to read, after pino's
 * serializers have left the personal data out (log-privacy.ts), so both formats say the same
 * (docs/decisions/124-install-scripts-and-readable-logs.md).
 */
import { createRequire } from 'node:module';
import type { LogFormat } from '../config/parsers.ts';

/** The part of a writable stream the logger uses. */
export interface LineSink {
  write(line: string): void;
}

/** Collects the lines written during one turn and passes them to `out` together, in order, just after it. */
export function batchedLines(out: (text: string) => void): LineSink & { flush: () => void } {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    out(text);
  };
  return {
    write(line) {
      if (pending === '') setImmediate(flush);
      pending += line;
    },
    flush,
  };
}

let stdoutSink: LineSink | undefined;

/** The batched stdout every default logger shares; made on first use, when it also starts flushing on exit. */
export function batchedStdout(): LineSink {
  if (stdoutSink === undefined) {
    // On Linux, writes to a pipe or a file are synchronous, so an exit handler's write is not lost.
    const sink = batchedLines((text) => process.stdout.write(text));
    process.on('exit', sink.flush);
    stdoutSink = sink;
  }
  return stdoutSink;
}

/** The format LOG_FORMAT names, or where it names none: pretty when a person reads the output, JSON otherwise. */
export function logFormatFor(setting: LogFormat | undefined, output: { isTTY?: boolean }): LogFormat {
  return setting ?? (output.isTTY === true ? 'pretty' : 'json');
}

/**
 * Each JSON line pino writes, passed on as pino-pretty's line: time, level, message, then the fields on the same line,
 * so that a terminal shows a request's two lines as two lines.
 */
export function prettyLines(out: LineSink, colorize: boolean): LineSink {
  // Loaded only for this: pino-pretty and its dependencies cost a JSON-logging server 11 MB and 40 ms at start.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  const prettify = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { write: (line) => out.write(prettify(line)) };
}

/** The default logger's output: the batched stdout, its lines pretty or JSON as logFormatFor decides. */
export function stdoutLog(setting: LogFormat | undefined): LineSink {
  const sink = batchedStdout();
  if (logFormatFor(setting, process.stdout) === 'json') return sink;
  return prettyLines(sink, process.stdout.isTTY && process.stdout.hasColors());
}
