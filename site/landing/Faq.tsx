/**
 * The questions and answers as an accordion, after the WAI-ARIA accordion pattern: each question is a button in a
 * heading that shows or hides its answer, so Tab, Enter and Space work as everywhere else. Any number may be open.
 */
import { useId, useState } from 'react';
import type { FaqContent } from '../content/types.ts';

export function Faq({ content }: { content: FaqContent }) {
  const headingId = useId();
  const idPrefix = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const toggle = (index: number) =>
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(index)) after.add(index);
      return after;
    });

  return (
    <section className="landing-faq" aria-labelledby={headingId}>
      <h2 id={headingId}>{content.heading}</h2>
      {content.questions.map(({ question, answer }, index) => {
        const expanded = open.has(index);
        const answerId = `${idPrefix}answer-${index}`;
        return (
          <div key={index} className="landing-faq__item">
            <h3 className="landing-faq__question">
              <button type="button" aria-expanded={expanded} aria-controls={answerId} onClick={() => toggle(index)}>
                <span>{question}</span>
                <span className="landing-faq__sign" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={answerId} className="landing-faq__answer" hidden={!expanded}>
              <p>{answer}</p>
            </div>
          </div>
        );
      })}
    </section>
  );
}
