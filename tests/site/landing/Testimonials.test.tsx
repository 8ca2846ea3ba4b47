import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Testimonials } from '../../../site/landing/Testimonials.tsx';
import type { InterfaceContent, TestimonialsContent } from '../../../site/content/types.ts';
import { ENGLISH_WORDS } from '../interface-words.ts';

const content: TestimonialsContent = {
  heading: 'What business owners say',
  testimonials: [1, 2, 3, 4, 5].map((n) => ({
    title: `Headline ${n}`,
    date: `2025-0${n}-14`,
    text: `Words of customer ${n}.`,
    author: `Customer${n} G.`,
  })),
};

// fireEvent rather than user-event here: user-event waits on timers, and these tests stop the clock.
function renderCarousel(words: InterfaceContent['testimonials'] = ENGLISH_WORDS.testimonials) {
  render(
    <>
      <Testimonials content={content} words={words} />
      <button type="button">Elsewhere on the page</button>
    </>,
  );
}

/** The testimonial on screen: the others are hidden, so it is the only slide a screen reader finds. */
const shown = () => screen.getByRole('group');
const shownLabel = () => shown().getAttribute('aria-label');
/** The region that announces the testimonial shown. */
const slides = () => shown().parentElement!;
const carousel = () => screen.getByRole('region', { name: 'What business owners say' });
const button = (name: string) => screen.getByRole('button', { name });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const focus = (element: HTMLElement) => act(() => element.focus());

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the testimonials carousel', () => {
  it('shows one testimonial at a time with its headline, words, author and US date', () => {
    renderCarousel();
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(shown().getAttribute('aria-roledescription')).toBe('slide');
    expect(shownLabel()).toBe('1 of 5');
    expect(within(shown()).getByRole('heading', { level: 3 }).textContent).toBe('Headline 1');
    expect(shown().textContent).toContain('Words of customer 1.');
    expect(shown().textContent).toContain('Customer1 G., January 14, 2025');
  });

  it("speaks the page's language: its controls, each testimonial's position and its date come from its words", () => {
    renderCarousel({
      carousel: 'carrusel',
      slide: 'diapositiva',
      pause: 'Pausar testimonios',
      play: 'Reproducir testimonios',
      previous: 'Testimonio anterior',
      next: 'Testimonio siguiente',
      position: '{position} de {count}',
      dateFormat: '{day} de {month} de {year}',
      months: [
        'enero',
        'febrero',
        'marzo',
        'abril',
        'mayo',
        'junio',
        'julio',
        'agosto',
        'septiembre',
        'octubre',
        'noviembre',
        'diciembre',
      ],
    });
    expect(carousel().getAttribute('aria-roledescription')).toBe('carrusel');
    expect(shown().getAttribute('aria-roledescription')).toBe('diapositiva');
    expect(shownLabel()).toBe('1 de 5');
    expect(shown().textContent).toContain('Customer1 G., 14 de enero de 2025');
    fireEvent.click(button('Testimonio siguiente'));
    expect(shownLabel()).toBe('2 de 5');
    expect(shown().textContent).toContain('14 de febrero de 2025');
    fireEvent.click(button('Testimonio anterior'));
    expect(shownLabel()).toBe('1 de 5');
    fireEvent.click(button('Pausar testimonios'));
    expect(button('Reproducir testimonios')).toBeDefined();
    expect(screen.queryByText(/testimonial\b/)).toBeNull();
  });

  it('is a labelled carousel', () => {
    renderCarousel();
    expect(carousel().getAttribute('aria-roledescription')).toBe('carousel');
  });

  it('moves on every five seconds and wraps from the last to the first', () => {
    renderCarousel();
    wait(4999);
    expect(shownLabel()).toBe('1 of 5');
    wait(1);
    expect(shownLabel()).toBe('2 of 5');
    wait(5000);
    wait(5000);
    wait(5000);
    expect(shownLabel()).toBe('5 of 5');
    expect(screen.getByText('Words of customer 5.')).toBeTruthy();
    wait(5000);
    expect(shownLabel()).toBe('1 of 5');
  });

  it('keeps quiet for screen readers while it moves by itself', () => {
    renderCarousel();
    expect(slides().getAttribute('aria-live')).toBe('off');
  });

  it('stays put while the mouse is over it and moves on once it leaves', () => {
    renderCarousel();
    fireEvent.pointerEnter(carousel(), { pointerType: 'mouse' });
    wait(12_000);
    expect(shownLabel()).toBe('1 of 5');
    expect(slides().getAttribute('aria-live')).toBe('polite');
    fireEvent.pointerLeave(carousel(), { pointerType: 'mouse' });
    wait(5000);
    expect(shownLabel()).toBe('2 of 5');
  });

  it('keeps moving after a finger touched it', () => {
    renderCarousel();
    fireEvent.pointerEnter(carousel(), { pointerType: 'touch' });
    wait(5000);
    expect(shownLabel()).toBe('2 of 5');
  });

  it('stays put while focus is inside it and moves on once focus leaves', () => {
    renderCarousel();
    focus(button('Pause testimonials'));
    wait(12_000);
    expect(shownLabel()).toBe('1 of 5');
    focus(button('Next testimonial'));
    wait(12_000);
    expect(shownLabel()).toBe('1 of 5');
    expect(slides().getAttribute('aria-live')).toBe('polite');
    focus(button('Elsewhere on the page'));
    wait(5000);
    expect(shownLabel()).toBe('2 of 5');
  });

  it('moves with Previous and Next, wrapping both ways, and announces the testimonial shown', () => {
    renderCarousel();
    fireEvent.click(button('Previous testimonial'));
    expect(shownLabel()).toBe('5 of 5');
    expect(screen.getByText('Words of customer 5.')).toBeTruthy();
    fireEvent.click(button('Next testimonial'));
    expect(shownLabel()).toBe('1 of 5');
    fireEvent.click(button('Next testimonial'));
    expect(shownLabel()).toBe('2 of 5');
  });

  it('announces the testimonial shown while it does not move by itself', () => {
    renderCarousel();
    focus(button('Next testimonial'));
    expect(slides().getAttribute('aria-live')).toBe('polite');
  });

  it('moves with a swipe of a mouse, pen or finger', () => {
    renderCarousel();
    fireEvent.pointerDown(shown(), { clientX: 300, clientY: 100 });
    fireEvent.pointerUp(shown(), { clientX: 180, clientY: 110 });
    expect(shownLabel()).toBe('2 of 5');
    fireEvent.pointerDown(shown(), { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(shown(), { clientX: 260, clientY: 90 });
    expect(shownLabel()).toBe('1 of 5');
  });

  it('moves with a swipe in browsers that send only touch events, and once when they send both', () => {
    renderCarousel();
    fireEvent.touchStart(shown(), { changedTouches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(shown(), { changedTouches: [{ clientX: 150, clientY: 100 }] });
    expect(shownLabel()).toBe('2 of 5');
    fireEvent.pointerDown(shown(), { clientX: 300, clientY: 100 });
    fireEvent.touchStart(shown(), { changedTouches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.pointerUp(shown(), { clientX: 150, clientY: 100 });
    fireEvent.touchEnd(shown(), { changedTouches: [{ clientX: 150, clientY: 100 }] });
    expect(shownLabel()).toBe('3 of 5');
  });

  it('does not move on a tap, a short drag or a scroll of the page', () => {
    renderCarousel();
    fireEvent.pointerDown(shown(), { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(shown(), { clientX: 200, clientY: 100 });
    fireEvent.pointerDown(shown(), { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(shown(), { clientX: 175, clientY: 100 });
    fireEvent.pointerDown(shown(), { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(shown(), { clientX: 140, clientY: 300 });
    fireEvent.pointerDown(shown(), { clientX: 300, clientY: 100 });
    fireEvent.pointerCancel(shown());
    fireEvent.touchEnd(shown(), { changedTouches: [{ clientX: 100, clientY: 100 }] });
    expect(shownLabel()).toBe('1 of 5');
  });

  it('stops with Pause until Play is pressed', () => {
    renderCarousel();
    fireEvent.click(button('Pause testimonials'));
    wait(12_000);
    expect(shownLabel()).toBe('1 of 5');
    expect(slides().getAttribute('aria-live')).toBe('polite');
    fireEvent.click(button('Play testimonials'));
    wait(5000);
    expect(shownLabel()).toBe('2 of 5');
    expect(slides().getAttribute('aria-live')).toBe('off');
  });

  it('does not move by itself for visitors who ask for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderCarousel();
    wait(20_000);
    expect(shownLabel()).toBe('1 of 5');
    expect(slides().getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeTruthy();
  });
});
