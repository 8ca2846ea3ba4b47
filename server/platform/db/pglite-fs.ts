/**
 * PGlite's data folder on disk, with an fsync that reaches the disk. PGlite's NodeFS mounts Emscripten's NODEFS, whose
 * files have no fsync: postgres's fsync() returns at once and a commit is only in the kernel's page cache, lost with
 * the machine (a power cut, a kernel crash) even though the client was told it was stored. This NodeFS gives those
 * files the real fsync.
 */
import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Parameters<NodeFS['init']>[1];

/** The part of Emscripten's NODEFS this relies on (not in PGlite's types). */
interface NodeFsInternals {
  stream_ops?: { fsync?: (stream: { nfd: number }) => number };
  /** Runs a Node fs call, turning its error into the errno postgres sees (e.g. EIO, on which postgres stops). */
  tryFSOperation?: <T>(operation: () => T) => T;
}

export class DurableNodeFS extends NodeFS {
  readonly #sync: (fd: number) => void;

  /** `sync` is the real fsync; a test passes one that also counts. */
  constructor(dataDir: string, sync: (fd: number) => void = fsyncSync) {
    super(dataDir);
    this.#sync = sync;
  }

  override async init(pg: PGlite, options: EmscriptenOptions): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, options);
    const sync = this.#sync;
    const giveFsync = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as NodeFsInternals;
      const { stream_ops: streamOps, tryFSOperation } = nodefs;
      // A PGlite release that changed this must not silently lose durability: refuse to open instead.
      if (streamOps === undefined || tryFSOperation === undefined) {
        throw new Error('this PGlite version has no NODEFS stream operations to give an fsync to');
      }
      streamOps.fsync = (stream) => {
        tryFSOperation.call(nodefs, () => sync(stream.nfd));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), giveFsync] } };
  }
}
