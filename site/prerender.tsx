/**
 * The start screens (landing page and first question of each flow) rendered to HTML, so a visitor sees them before
 * the page's script has arrived. Parcel builds this for Node (the `prerender` target, into dist/.prerender/) from
 * the same components, with the same React, that take the markup over in the browser. The server renders each start
 * path once at start-up with its own settings (server/page/prerendered.ts).
 */
// The entry without Node's built-in modules: Parcel's bundle of react-dom's Node entry references `util`'s
// TextEncoder by a name it never imports, so the production renderer fails to load. Node has the web APIs it needs.
import { renderToString } from 'react-dom/server.browser';
import { StaticRouter } from 'react-router-dom';
import { packs } from '../.generated/all-languages.ts';
import { languages } from '../.generated/languages.ts';
import { withValidators } from '../engine/flow/compiled.ts';
import { stepPath } from '../engine/flow/navigation.ts';
import { actions } from '../engine/actions/index.ts';
import { NO_FLOW_EVENTS } from '../engine/render/flow-events.ts';
import { createApiClient } from '../engine/api/client.ts';
import { createRecordAtoms } from '../engine/state/atoms.ts';
import { createRecordStore } from '../engine/state/record.ts';
import type { PublicConfig } from '../contracts/public-config.ts';
import type { Flow } from '../engine/flow/definition.ts';
import type { StepValidators } from '../engine/flow/compiled.ts';
import { siteTree } from './site-tree.tsx';
import { widgets } from '../widgets/index.ts';
import { SocialGlyph } from './shell/social-glyph.ts';
import { widgetRegistry } from '../engine/render/registry.ts';
import { siteLanguage } from './page-language.ts';
import { languageOfPath } from '../engine/language/paths.ts';

/** A first visit: nothing stored. A returning visitor's answers are filled in by the browser's first render. */
const NOTHING_STORED: Storage = {
  length: 0,
  clear: () => {},
  getItem: () => null,
  key: () => null,
  removeItem: () => {},
  setItem: () => {},
};

/**
 * Loads every component kept out of the page's first script (the widgets later steps use, the social glyphs), so that
 * a start screen showing one is drawn whole: the browser's render of that screen then waits for its code with the
 * drawn screen in place.
 */
export async function ready(): Promise<void> {
  await Promise.all([widgetRegistry(widgets).preload(), SocialGlyph.preload()]);
}

/** Every flow's start path in every language, the screens worth prerendering: the ones a visitor from an ad lands on. */
export const startPaths: readonly string[] = packs.flatMap((pack) =>
  pack.flows.map((flow) => stepPath(flow, flow.steps[flow.start]!)),
);

/**
 * The markup of the page's root element at this path, for a first visit; with `published`, of the page carrying that
 * flow (a version published in the flow studio), which the browser then routes alongside the build's.
 */
export function prerender(
  path: string,
  config: PublicConfig,
  published?: { flow: Flow; validators: Readonly<Record<string, StepValidators>>; languages?: readonly string[] },
): string {
  const language = languageOfPath(languages, path);
  const pack = packs.find((each) => each.language === language.code)!;
  const flows = withValidators(pack.flows, pack.validators);
  return renderToString(
    <StaticRouter location={path}>
      {siteTree({
        language: siteLanguage(languages, language, pack.locale, published?.languages),
        locale: pack.locale,
        content: pack.content,
        legalPages: pack.legalPages,
        // Its start step's validators draw its form; nothing is validated before the visitor acts, so the later
        // steps' are not needed here.
        flows:
          published === undefined ? flows : [...flows, { ...published, laterValidators: () => Promise.resolve({}) }],
        config,
        api: createApiClient(),
        recordAtomFor: createRecordAtoms(createRecordStore(NOTHING_STORED)),
        pageAnswers: () => ({}),
        events: NO_FLOW_EVENTS,
        actions,
      })}
    </StaticRouter>,
  );
}
