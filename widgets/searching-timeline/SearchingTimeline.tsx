import './searching-timeline.css';
import { useEffect, useRef, useState } from 'react';
import { useLatest } from '../../engine/render/use-latest.ts';
import type { DisplayProps } from '../../engine/widget-contract.ts';
import { Badge } from './Badge.tsx';
import { motionAllowed, startConfetti } from './confetti.ts';
import type { SearchingTimelineOptions } from './options.ts';

type Props = DisplayProps<SearchingTimelineOptions>;

/** When each step is ticked off: evenly spread until the last headline, so all are done when it shows. */
function stepTimes(options: SearchingTimelineOptions): number[] {
  const end = Math.max(...options.headlines.map((headline) => headline.at));
  return options.steps.map((_, index) => (end * (index + 1)) / options.steps.length);
}

/**
 * A short "searching" show: headlines over time, steps ticked off, trust badges and a burst of confetti, then the
 * next step. Nothing is looked up.
 */
export function SearchingTimeline({ options, context }: Props) {
  const [elapsed, setElapsed] = useState(0);
  const [confetti, setConfetti] = useState(() => (options.confettiSeconds ?? 0) > 0 && motionAllowed());
  const canvas = useRef<HTMLCanvasElement>(null);
  // The engine hands a new context on each render; the timers must not restart for it.
  const latestContext = useLatest(context);

  useEffect(() => {
    const moments = new Set([...options.headlines.map((headline) => headline.at), ...stepTimes(options)]);
    const timers = [...moments].map((at) => setTimeout(() => setElapsed((now) => Math.max(now, at)), at * 1000));
    timers.push(setTimeout(() => latestContext.current.advance(), options.advanceAfterSeconds * 1000));
    return () => timers.forEach(clearTimeout);
  }, [options, latestContext]);

  useEffect(() => {
    if (!canvas.current) return;
    const stop = startConfetti(canvas.current);
    const timer = setTimeout(
      () => {
        stop();
        setConfetti(false);
      },
      (options.confettiSeconds ?? 0) * 1000,
    );
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [options.confettiSeconds]);

  const city = typeof context.record.city === 'string' ? context.record.city : '';
  const shown = [...options.headlines]
    .sort((a, b) => a.at - b.at)
    .filter((candidate, index) => index === 0 || candidate.at <= elapsed);
  const headline = shown[shown.length - 1]!;
  const done = stepTimes(options).filter((at) => at <= elapsed).length;

  return (
    <div className="searching-timeline">
      <p className="searching-timeline__headline" aria-live="polite" aria-atomic="true">
        {headline.text.replaceAll('{city}', city)}
      </p>
      <ol className="searching-timeline__steps">
        {options.steps.map((step, index) => (
          <li
            key={step}
            className={
              index < done ? 'searching-timeline__step searching-timeline__step--done' : 'searching-timeline__step'
            }
            aria-current={index === done ? 'step' : undefined}
          >
            <span className="searching-timeline__mark" aria-hidden="true" />
            {step}
          </li>
        ))}
      </ol>
      {options.promise && <p className="searching-timeline__promise">{options.promise}</p>}
      {options.logos && options.logos.length > 0 && (
        <ul className="searching-timeline__logos">
          {options.logos.map((logo) => (
            <li key={logo.badge + logo.alt} className="searching-timeline__logo">
              <Badge name={logo.badge} />
              <span>{logo.alt}</span>
            </li>
          ))}
        </ul>
      )}
      {confetti && <canvas ref={canvas} className="searching-timeline__confetti" aria-hidden="true" />}
    </div>
  );
}
