/**
 * The content as the page receives it from the build (.generated/site-content.ts): each file without its `$schema`
 * key, and every logo with `src`, the address the bundler gave its image.
 */
import type {
  ClaimsFile,
  FaqFile,
  FeaturedInFile,
  FooterFile,
  HowItWorksFile,
  LendersFile,
  Logo,
  ProvidersFile,
  SocialFile,
  TestimonialsFile,
} from './schemas.ts';

export type { Logo, SocialLink } from './schemas.ts';

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
export type LendersContent = Shown<LendersFile>;
export type SocialContent = Shown<SocialFile>;
export type FooterContent = Shown<FooterFile>;

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
}
