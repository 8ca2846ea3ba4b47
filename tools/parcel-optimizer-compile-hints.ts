/**
 * A Parcel optimizer, named in .parcelrc: the scripts the page loads are marked to be compiled whole while they
 * download. V8 compiles a function the first time it is called, on the main thread: the page's script calls hundreds
 * of them while it takes the start screen over, and compiling them there is a good share of that work on a slow
 * phone. A script whose first line is this comment is compiled eagerly, on the thread that parses it as it streams in
 * (Chrome's explicit compile hints; to other browsers it is a comment). It runs after the minifier, which drops
 * comments, and before the compressors, so the brotli and gzip copies carry it too. Chunks fetched later are left
 * alone: compiled whole, they would cost the main thread of the turn that fetches them.
 */
import { text } from 'node:stream/consumers';
import { Optimizer } from '@parcel/plugin';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export default new Optimizer({
  async optimize({ bundle, bundleGraph, contents, map, options }) {
    // The page's own scripts are in its entry bundle group; a chunk fetched later is in a group of its own.
    const loadedByThePage = bundleGraph
      .getBundleGroupsContainingBundle(bundle)
      .some((group) => bundleGraph.isEntryBundleGroup(group));
    if (options.mode !== 'production' || bundle.type !== 'js' || !bundle.env.isBrowser() || !loadedByThePage) {
      return { contents, map };
    }
    const code = typeof contents === 'string' || Buffer.isBuffer(contents) ? contents.toString() : await text(contents);
    // The code moves one line down, and with it what a source map says of it.
    map?.offsetLines(1, 1);
    return { contents: COMPILE_HINT + code, map };
  },
});
