/** The page in the browser: the site's tree under the browser's router, with the page's own connections. */
import { hydrate, render, type ComponentChild } from 'preact';
import { BrowserRouter } from 'react-router-dom';
import { flows } from '../.generated/flows.ts';
import { createRecordAtoms } from '../engine/state/atoms.ts';
import { createRecordStore } from '../engine/state/record.ts';
import { createApiClient } from '../engine/api/client.ts';
import { readRuntimeConfig } from './runtime-config.ts';
import { siteTree } from './site-tree.tsx';
import { startThirdParties } from './third-party/start.ts';
import { honeypotAnswers } from './honeypot.ts';
import { certificateAnswers } from './third-party/lead-certificate.ts';
import { registerServiceWorker } from './service-worker-registration.ts';
import { nextTask } from './next-task.ts';
import { hydrationTurns } from '../engine/render/hydrate-later.tsx';

const config = readRuntimeConfig();
const store = createRecordStore(window.localStorage);
const root = document.getElementById('root')!;

// The page runs on Preact (decision 011), whose own functions are used here: React's createRoot (and preact/compat's)
// would throw the prerendered start screen away (decision 012). The server draws it for a first visit without a
// `section` parameter (the one query parameter that changes the page's structure: it adds the providers strip).
// Such a visit gets exactly that screen, so hydrate only attaches to it and leaves the painted text alone. Otherwise
// (stored answers: a choice already checked; a section) render adopts the same elements and patches every difference.
const returning = flows.some(({ flow }) => store.read(flow.storageKey) !== null);
const drawnForThisVisit = !returning && !new URLSearchParams(window.location.search).has('section');
const hydrating = root.firstElementChild !== null && drawnForThisVisit;

// Evaluating this script, taking the screen over, then its fields, then what surrounds it are each a task of their
// own: together they would be one long task on a slow phone, delaying whatever the visitor does meanwhile.
const turnTaker = hydrating ? hydrationTurns() : undefined;

const page = (
  <BrowserRouter>
    {siteTree({
      config,
      api: createApiClient(),
      recordAtomFor: createRecordAtoms(store),
      pageAnswers: () => ({ ...certificateAnswers(document), ...honeypotAnswers(document) }),
      events: startThirdParties(config),
      hydrationTurns: turnTaker?.turns,
    })}
  </BrowserRouter>
);

void nextTask().then(() => {
  if (turnTaker) {
    hydrate(page as unknown as ComponentChild, root);
    void turnTaker.play(nextTask);
  } else {
    render(page as unknown as ComponentChild, root);
  }
  registerServiceWorker();
});
