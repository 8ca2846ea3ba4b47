/**
 * Where the server's log lines go by default: stdout, in one write per turn of the event loop. Under load the request
 * log is two lines per request, and a write each (a system call each, on a pipe or a file) cost more than answering a
 * ZIP lookup (docs/decisions/031-zip-lookup-throughput.md). Lines still pending when the process exits are written
 * on the way out; only a signal the process does not handle (SIGKILL) can lose the last turn's lines.
 */

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
