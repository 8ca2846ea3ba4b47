/** The page in the browser: the site's tree under the browser's router, with the page's own connections. */
// The site's styles first: the widgets' own stylesheets, imported by their components, come after them in one bundle.
import './styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { languages } from '../.generated/languages.ts';
import { PUBLISHED_FLOW_GLOBAL, type PublishedFlowLanguages } from '../contracts/flow-studio.ts';
import { withValidators, type CompiledFlow } from '../engine/flow/compiled.ts';
import { createRecordAtoms } from '../engine/state/atoms.ts';
import { createRecordStore } from '../engine/state/record.ts';
import { createApiClient } from '../engine/api/client.ts';
import { attributionOf } from '../engine/state/attribution.ts';
import { readRuntimeConfig } from '../contracts/public-config.ts';
import { siteTree } from './site-tree.tsx';
import { startThirdParties } from './third-party/start.ts';
import { actions } from '../engine/actions/index.ts';
import { honeypotAnswers } from './honeypot.ts';
import { certificateAnswers } from './third-party/lead-certificate.ts';
import { registerServiceWorker } from './service-worker-registration.ts';
import { nextTask } from './next-task.ts';
import { hydrationTurns } from '../engine/render/hydrate-later.tsx';
import { bothListeners } from './both-listeners.ts';
import { browserQueuePage, funnelQueue, reportAfterFirstScreen } from './funnel/queue.ts';
import { campaignFrom } from './funnel/campaign.ts';
import type { LeadExtras } from '../contracts/lead.ts';
import { pageLanguage, siteLanguage } from './page-language.ts';
import type { LanguagePack } from './language-pack.ts';

const config = readRuntimeConfig();
// The page's language, as the server wrote it for this address: its pack (flows, content) is the one fetched.
const language = pageLanguage(languages, document.documentElement.lang);
const thirdParties = startThirdParties(config, actions);
const store = createRecordStore(window.localStorage);
const root = document.getElementById('root')!;
// Read before the router changes the address: the page the visitor landed on.
const arrival = attributionOf({ href: window.location.href, referrer: document.referrer });

// The server draws the start screen for a first visit with none of the query parameters that change what it shows
// (`section` adds the providers strip, `header` replaces the form heading), and such a visit gets exactly that screen:
// hydrateRoot attaches to it and sets none of its text again (decision 012). Any other visit renders afresh with
// createRoot: there the screen to show differs from the drawn one. Hydration would leave a returning visitor's stored
// choice unchecked (it keeps what it finds in a form control) and take a different text (the `header` heading) for an
// error. createRoot replaces the drawn elements in the commit that adds its own: no frame shows the root empty.
const SCREEN_PARAMETERS = ['section', 'header'];
const query = new URLSearchParams(window.location.search);

/** The page in its language, once the language's pack has arrived. */
function start(pack: LanguagePack): void {
  // The flows routed: the build's in the page's language, and the page's own when the server wrote one in (a version
  // published in the flow studio, or its preview of a draft: server/page/published/flow-page.ts). Its inline script
  // defines all of it, so this costs the first script a lookup only.
  const own = (window as unknown as Partial<Record<string, CompiledFlow & PublishedFlowLanguages>>)[
    PUBLISHED_FLOW_GLOBAL
  ];
  const builtFlows = withValidators(pack.flows, pack.validators);
  const flows = own ? [...builtFlows, own] : builtFlows;
  const returning = flows.some(({ flow }) => store.read(flow.storageKey) !== null);
  const drawnForThisVisit = !returning && !SCREEN_PARAMETERS.some((name) => query.has(name));
  const hydrating = root.firstElementChild !== null && drawnForThisVisit;

  // Evaluating this script, taking the screen over, then its fields, then what surrounds it are each a task of their
  // own: together they would be one long task on a slow phone, delaying whatever the visitor does meanwhile.
  const turns = hydrating ? hydrationTurns(nextTask) : undefined;

  const funnelPage = browserQueuePage(campaignFrom(store, flows, arrival));
  const funnel = funnelQueue(funnelPage);

  const page = (
    <BrowserRouter>
      {siteTree({
        flows,
        language: siteLanguage(languages, language, pack.locale, own?.languages),
        locale: pack.locale,
        content: pack.content,
        legalPages: pack.legalPages,
        config,
        api: createApiClient({ language: pack.language }),
        recordAtomFor: createRecordAtoms(store),
        // The lead carries the funnel's visit id, so the funnel counts it as that visit's conversion, and the page's
        // language, whose consent text the visitor read. Named by type only: the lead's contract module itself belongs
        // to the lead action's chunk.
        pageAnswers: () => ({
          ...certificateAnswers(document),
          ...honeypotAnswers(document),
          ...({ funnel_visit: funnelPage.visit, language: pack.language } satisfies Pick<
            LeadExtras,
            'funnel_visit' | 'language'
          >),
        }),
        arrival,
        events: bothListeners(thirdParties.events, funnel.events),
        actions: thirdParties.actions,
        hydrationTurns: turns,
      })}
    </BrowserRouter>
  );
  if (hydrating) {
    hydrateRoot(root, page);
  } else {
    createRoot(root).render(page);
  }
  registerServiceWorker();
  reportAfterFirstScreen(funnel, funnelPage);
}

// The pack and the next task both: the script's evaluation and the screen's take-over stay separate tasks.
void Promise.all([language.load(), nextTask()]).then(([pack]) => start(pack));
