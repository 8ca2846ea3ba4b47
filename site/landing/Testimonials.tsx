/**
 * The testimonials carousel, after the WAI-ARIA carousel pattern: one testimonial at a time, moving on every five
 * seconds and wrapping around, paused while the pointer is over it or focus is inside it, never moving by itself
 * for visitors who ask for reduced motion. Previous, Next and swipes move it; the pause button stops it.
 */
import { useEffect, useId, useState } from 'react';
import type { FocusEvent, PointerEvent } from 'react';
import type { InterfaceContent, TestimonialsContent } from '../content/types.ts';
import { fillPlaceholders } from '../../engine/display/text.ts';
import { formatDate } from './written-date.ts';
import { usePrefersReducedMotion } from '../use-reduced-motion.ts';
import { useSwipe } from './use-swipe.ts';

export const ROTATION_INTERVAL_MS = 5000;

export function Testimonials({
  content,
  words,
}: {
  content: TestimonialsContent;
  /** The carousel's own words and how its dates are written, in the page's language. */
  words: InterfaceContent['testimonials'];
}) {
  const { heading, testimonials } = content;
  const count = testimonials.length;
  const headingId = useId();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // null until the visitor presses pause or play: until then the system's motion setting decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;
  const rotating = playing && !hovered && !focused && count > 1;

  const move = (by: number) => setCurrent((index) => (index + by + count) % count);
  const swipe = useSwipe({ onSwipeLeft: () => move(1), onSwipeRight: () => move(-1) });

  // Keyed on `current` too, so a testimonial chosen by hand gets its full five seconds.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setCurrent((index) => (index + 1) % count), ROTATION_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, count]);

  const onPointerEnter = (event: PointerEvent) => {
    // A finger "enters" on every tap and leaves only at the next one elsewhere: that is not hovering.
    if (event.pointerType === 'mouse') setHovered(true);
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      className="landing-testimonials"
      aria-roledescription={words.carousel}
      aria-labelledby={headingId}
      onPointerEnter={onPointerEnter}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <h2 id={headingId}>{heading}</h2>
      <div className="landing-carousel__controls">
        <button type="button" className="landing-carousel__button" onClick={() => setPlayChoice(!playing)}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          <span className="visually-hidden">{playing ? words.pause : words.play}</span>
        </button>
        <button type="button" className="landing-carousel__button" onClick={() => move(-1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{words.previous}</span>
        </button>
        <span className="landing-carousel__position" aria-hidden="true">
          {`${current + 1} / ${count}`}
        </span>
        <button type="button" className="landing-carousel__button" onClick={() => move(1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{words.next}</span>
        </button>
      </div>
      <div className="landing-carousel__slides" aria-live={rotating ? 'off' : 'polite'} {...swipe}>
        {testimonials.map((testimonial, index) => (
          <div
            key={index}
            className="landing-testimonial"
            role="group"
            aria-roledescription={words.slide}
            aria-label={fillPlaceholders(words.position, { position: String(index + 1), count: String(count) })}
            hidden={index !== current}
          >
            <figure>
              <h3 className="landing-testimonial__title">{testimonial.title}</h3>
              <blockquote className="landing-testimonial__text">
                <p>{testimonial.text}</p>
              </blockquote>
              <figcaption className="landing-testimonial__byline">
                {`${testimonial.author}, `}
                <time dateTime={testimonial.date}>{formatDate(testimonial.date, words)}</time>
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
    </section>
  );
}
