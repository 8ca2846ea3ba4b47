/**
 * The home popup: asked for when the start screen opens and shown when the content says so, once per page load (not
 * again when the visitor comes back to the start; a reload shows it again). Only the asking is in the first screen's
 * script: the dialog's code (PopupDialog.tsx) is fetched once there is something to show, as most pages have none.
 */
import { Suspense, useCallback, useEffect, useState } from 'react';
import type { HomePopup as PopupContent } from '../../contracts/api.ts';
import type { InterfaceContent } from '../content/types.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

const PopupDialog = deferredComponent(
  () => import('./PopupDialog.tsx').then((module) => module.PopupDialog),
  'the popup',
);

export function HomePopup({
  load,
  shown,
  words,
}: {
  load: () => Promise<PopupContent>;
  shown: { current: boolean };
  /** The dialog's own words, in the page's language. */
  words: InterfaceContent['popup'];
}) {
  const [content, setContent] = useState<PopupContent | null>(null);
  const closed = useCallback(() => setContent(null), []);

  useEffect(() => {
    if (shown.current) return undefined;
    let current = true;
    load().then(
      (popup) => {
        if (current && popup.home_popup_model && !shown.current) setContent(popup);
      },
      (error: unknown) => console.warn('home popup could not be loaded', error instanceof Error ? error.message : ''),
    );
    return () => {
      current = false;
    };
  }, [load, shown]);

  if (content === null) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog content={content} words={words} shown={shown} onClosed={closed} />
    </Suspense>
  );
}
