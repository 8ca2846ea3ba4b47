import type { ReactNode } from 'react';
import type { BadgeName } from './options.ts';

const DRAWINGS: Record<BadgeName, ReactNode> = {
  accredited: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="M9 14.5 7.5 22l4.5-2.5 4.5 2.5-1.5-7.5" />
      <path d="m9.5 9 1.8 1.8 3.2-3.3" />
    </>
  ),
  secure: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5v-3a4 4 0 0 1 8 0v3" />
      <path d="M12 14.5v2.5" />
    </>
  ),
  lenders: (
    <>
      <path d="M3 9.5 12 4l9 5.5" />
      <path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8" />
      <path d="M3 20.5h18" />
    </>
  ),
  privacy: (
    <>
      <path d="M12 3 5 6v5.5c0 4.3 2.9 8 7 9.5 4.1-1.5 7-5.2 7-9.5V6z" />
      <path d="m9 12 2.2 2.2 4.3-4.2" />
    </>
  ),
};

/** A trust badge drawing; decorative, since its text is shown next to it. */
export function Badge({ name }: { name: BadgeName }) {
  return (
    <svg
      className="searching-timeline__badge"
      viewBox="0 0 24 24"
      width="40"
      height="40"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {DRAWINGS[name]}
    </svg>
  );
}
