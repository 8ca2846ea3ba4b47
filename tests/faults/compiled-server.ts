/**
 * Global setup of the fault tests: they start the server as production does (`npm run serve`), so it is compiled
 * first, as `npm run build` compiles it, from the sources as they are now.
 */
import { compileServer } from '../../tools/compile-server.ts';

export default function setup(): void {
  compileServer();
}
