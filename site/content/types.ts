/**
 * The content as the page receives it from the build (.generated/site-content.ts, .generated/legal-pages.ts): each
 * file without its `$schema` key, and every logo with `src`, the image written in as a data URL.
 */
import type {
  ClaimsFile,
  DoNotSellFile,
  FaqFile,
  FeaturedInFile,
  FooterFile,
  HowItWorksFile,
  InterfaceFile,
  Logo,
  PrivacyFile,
  ProvidersFile,
  SocialFile,
  StopContactingFile,
  TermsFile,
  TestimonialsFile,
} from './schemas.ts';
import type { LendersFile } from '../../contracts/lenders.ts';

export type { LegalSection, Logo, SocialLink } from './schemas.ts';

export type ShownLogo = Logo & { src: string };

type Shown<File> = Omit<File, '$schema'>;
type WithShownLogos<File> = Omit<Shown<File>, 'logos'> & { logos: ShownLogo[] };

export type HowItWorksContent = Shown<HowItWorksFile>;
export type ClaimsContent = Shown<ClaimsFile>;
export type FeaturedInContent = WithShownLogos<FeaturedInFile>;
export type TestimonialsContent = Shown<TestimonialsFile>;
export type Testimonial = TestimonialsContent['testimonials'][number];
export type FaqContent = Shown<FaqFile>;
export type ProvidersContent = WithShownLogos<ProvidersFile>;
/** The lenders' names only, in the file's order (tools/content-module.ts leaves their ids out of the page). */
export type LendersContent = Omit<Shown<LendersFile>, 'lenders'> & { lenders: string[] };
export type SocialContent = Shown<SocialFile>;
export type FooterContent = Shown<FooterFile>;
/** The page's own words around the content (site/content/interface.json). */
export type InterfaceContent = Shown<InterfaceFile>;

export interface SiteContent {
  howItWorks: HowItWorksContent;
  claims: ClaimsContent;
  featuredIn: FeaturedInContent;
  testimonials: TestimonialsContent;
  faq: FaqContent;
  providers: ProvidersContent;
  lenders: LendersContent;
  social: SocialContent;
  footer: FooterContent;
  interface: InterfaceContent;
}

/** The legal pages' content, fetched apart from the rest when one of them opens (.generated/legal-pages.ts). */
export interface LegalPagesContent {
  privacy: Shown<PrivacyFile>;
  terms: Shown<TermsFile>;
  doNotSell: Shown<DoNotSellFile>;
  stopContacting: Shown<StopContactingFile>;
}
