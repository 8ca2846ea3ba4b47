/**
 * Left and right swipes on an element, from pointer events and, for browsers without them, touch events. Browsers
 * with both send both for one touch: whichever ends the gesture first moves, the other finds nothing left to end.
 * The element needs `touch-action: pan-y`, or the browser takes a sideways drag for itself as a scroll.
 */
import { useRef } from 'react';
import type { PointerEvent, TouchEvent } from 'react';

/** Shorter movements are taps or an unsteady thumb, not a swipe. */
const MIN_DISTANCE_PX = 40;

export function useSwipe({ onSwipeLeft, onSwipeRight }: { onSwipeLeft: () => void; onSwipeRight: () => void }) {
  const start = useRef<{ x: number; y: number } | null>(null);

  const begin = (x: number, y: number) => {
    start.current = { x, y };
  };
  const end = (x: number, y: number) => {
    const from = start.current;
    start.current = null;
    if (from === null) return;
    const dx = x - from.x;
    // Mostly vertical movement is someone scrolling the page.
    if (Math.abs(dx) < MIN_DISTANCE_PX || Math.abs(dx) < Math.abs(y - from.y)) return;
    if (dx < 0) onSwipeLeft();
    else onSwipeRight();
  };
  const cancel = () => {
    start.current = null;
  };
  const firstTouch = (event: TouchEvent) => event.changedTouches[0];

  return {
    onPointerDown: (event: PointerEvent) => begin(event.clientX, event.clientY),
    onPointerUp: (event: PointerEvent) => end(event.clientX, event.clientY),
    onPointerCancel: cancel,
    onTouchStart: (event: TouchEvent) => {
      const touch = firstTouch(event);
      if (touch !== undefined) begin(touch.clientX, touch.clientY);
    },
    onTouchEnd: (event: TouchEvent) => {
      const touch = firstTouch(event);
      if (touch !== undefined) end(touch.clientX, touch.clientY);
    },
    onTouchCancel: cancel,
  };
}
