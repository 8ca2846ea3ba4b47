/**
 * A Parcel transformer for the prerender's build (tools/prerender.parcelrc): widget components import their
 * stylesheets, which the page's build bundles; the start screens' renderer runs in Node, which cannot import a .css
 * file and needs no styles (the page's stylesheet is inlined into the prerendered page). Each stylesheet becomes an
 * empty script there.
 */
import { Transformer } from '@parcel/plugin';

export default new Transformer({
  transform({ asset }) {
    asset.type = 'js';
    asset.setCode('');
    return [asset];
  },
});
