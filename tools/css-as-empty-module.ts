/**
 * Widget components import their own stylesheet (`import './zip-lookup.css'`), which Parcel bundles. The Node tools
 * that read widgets/info.ts (flow schema, flow checks, the flows' compiler) only need the definitions: registered
 * with `--import`, this hook makes every .css module empty for them.
 */
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    if (new URL(url).pathname.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
    return nextLoad(url, context);
  },
});
