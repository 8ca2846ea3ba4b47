/**
 * What surrounds a step: the shell, the form's footer (its promises, and the consent text on the steps that collect
 * contact details), the 'Providers Include' strip for the sections that show it, and on the start screen the home
 * popup and the landing page.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Flow } from '../engine/flow/definition.ts';
import { consentText } from '../engine/flow/consent.ts';
import type { HomePopup as PopupContent } from '../contracts/api.ts';
import type { PublicConfig } from '../contracts/public-config.ts';
import type { SiteContent } from './content/types.ts';
import { Shell, type ShellContent } from './shell/Shell.tsx';
import { FormFooter, type FormPromises } from './shell/FormFooter.tsx';
import { HomePopup } from './popup/HomePopup.tsx';
import { Landing } from './landing/Landing.tsx';
import { ProvidersStrip, showsProviders } from './landing/ProvidersStrip.tsx';
import { HydrateLater, SURROUNDINGS_TURN } from '../engine/render/hydrate-later.tsx';

/** The page's language, and the others the page links to (a link keeps the step and the query). */
export interface SiteLanguage {
  code: string;
  /** For numbers, amounts, dates and lists: "en-US", "es-US". */
  locale: string;
  /** The address prefix of the language: "" for English, "/es" for Spanish. */
  prefix: string;
  others: readonly { code: string; name: string; prefix: string }[];
}

export interface SiteSettings {
  config: PublicConfig;
  language: SiteLanguage;
  /** The site's content in the page's language (site/content/, translated by flows/languages/). */
  content: SiteContent;
  shell: ShellContent;
  promises: FormPromises;
  lenders: readonly string[];
  loadPopup: () => Promise<PopupContent>;
  /** Set once the home popup has shown: it shows once per page load. */
  popupShown: { current: boolean };
}

export function SiteLayout({
  site,
  flow,
  stepId,
  children,
}: {
  site: SiteSettings;
  flow: Flow;
  stepId: string;
  children: ReactNode;
}) {
  const { search } = useLocation();
  const step = flow.steps[stepId]!;
  const isStart = stepId === flow.start;
  const section = new URLSearchParams(search).get('section') ?? flow.section ?? null;
  const consent =
    step.showConsent && flow.consent !== undefined
      ? consentText(flow.consent, { product: site.config.productName, lenders: site.lenders }, site.language.locale)
      : undefined;
  return (
    <Shell config={site.config} content={site.shell} homePath={flow.basePath || '/'}>
      {children}
      {step.schema !== undefined && (
        <HydrateLater turn={SURROUNDINGS_TURN}>
          <FormFooter promises={site.promises} words={site.content.interface.formFooter} consent={consent} />
        </HydrateLater>
      )}
      {showsProviders(section) && <ProvidersStrip content={site.content.providers} />}
      {isStart && <HomePopup load={site.loadPopup} shown={site.popupShown} words={site.content.interface.popup} />}
      {isStart && (
        <HydrateLater turn={SURROUNDINGS_TURN}>
          <Landing content={site.content} />
        </HydrateLater>
      )}
    </Shell>
  );
}
