/**
 * The landing page under the first question: how it works, what the service offers, the press row, testimonials,
 * questions and answers, and the disclaimer. The step's heading is the page's h1; every section here has an h2.
 * Its words and logos come from site/content/ in the page's language, by way of the build's language pack.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { SiteContent } from '../content/types.ts';
import { Faq } from './Faq.tsx';
import { LogoList } from './LogoList.tsx';
import { Testimonials } from './Testimonials.tsx';

export type LandingContent = Pick<
  SiteContent,
  'howItWorks' | 'claims' | 'featuredIn' | 'testimonials' | 'faq' | 'interface'
>;

function Section({ className, heading, children }: { className: string; heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {children}
    </section>
  );
}

export function Landing({ content }: { content: LandingContent }) {
  const { howItWorks, claims, featuredIn, testimonials, faq } = content;
  return (
    <div className="landing">
      <Section className="landing-how" heading={howItWorks.heading}>
        <ol className="landing-steps">
          {howItWorks.steps.map((step, index) => (
            <li key={index}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section className="landing-claims" heading={claims.heading}>
        <ul className="landing-claims__list">
          {claims.claims.map((claim, index) => (
            <li key={index}>
              <h3>{claim.title}</h3>
              <p>{claim.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section className="landing-featured" heading={featuredIn.heading}>
        <LogoList logos={featuredIn.logos} />
      </Section>
      <Testimonials content={testimonials} words={content.interface.testimonials} />
      <Faq content={faq} />
      <Section className="landing-disclaimer" heading={claims.disclaimer.heading}>
        {claims.disclaimer.paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </Section>
    </div>
  );
}
