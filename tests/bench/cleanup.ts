/**
 * Everything the bench starts (processes, browsers, temp folders, a database) registers how to undo it here. The
 * undo steps run newest first, once: at the end of the run, on a failure, and on Ctrl-C or SIGTERM.
 */

type Undo = () => Promise<void> | void;

const steps: { label: string; undo: Undo }[] = [];
let running: Promise<void> | undefined;

/** Registers an undo step; the returned function runs it now (and drops it from the list). */
export function onCleanup(label: string, undo: Undo): () => Promise<void> {
  const step = { label, undo };
  steps.push(step);
  return async () => {
    const index = steps.indexOf(step);
    if (index === -1) return;
    steps.splice(index, 1);
    await step.undo();
  };
}

/** Runs every registered step, newest first; a failing step is reported and the others still run. */
export function cleanUpAll(): Promise<void> {
  running ??= (async () => {
    while (steps.length > 0) {
      const step = steps.pop()!;
      try {
        await step.undo();
      } catch (error) {
        process.stderr.write(`bench: cleaning up ${step.label} failed: ${(error as Error).message}\n`);
      }
    }
  })();
  return running;
}

/**
 * On Ctrl-C or SIGTERM: clean up, then exit with 128 + the signal number. Repeated signals are ignored while the
 * cleanup runs (a terminal's Ctrl-C reaches this process both directly and relayed through npm and tsx), with a
 * deadline in case a step hangs.
 */
export function cleanUpOnSignals(): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals, code: number) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\nbench: ${signal}, stopping what it started...\n`);
    const force = setTimeout(() => process.exit(code), 30_000);
    force.unref();
    void cleanUpAll().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => handler('SIGINT', 130));
  process.on('SIGTERM', () => handler('SIGTERM', 143));
}
