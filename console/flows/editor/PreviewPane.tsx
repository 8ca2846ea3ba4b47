/**
 * The step as a visitor sees it: the real visitor page in a frame (the draft's preview, or before any change the
 * version's own page), 390 px wide like a phone, or 1280 px scaled down to fit ("Desktop"). A new address (a save
 * made a new revision) loads in a second frame behind the first, which stays until the new one has loaded: no flash
 * of an empty frame on every keystroke's save.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export const PHONE_WIDTH = 390;
export const DESKTOP_WIDTH = 1280;
const FRAME_HEIGHT = 760;

export interface PreviewPaneProps {
  /** The page to show. */
  address: string;
  /** Changes when the same address must load again (the draft's revision). */
  version: string;
  /** The step's heading, naming the frame. */
  heading: string;
}

interface Frame {
  key: string;
  src: string;
}

export function PreviewPane({ address, version, heading }: PreviewPaneProps) {
  const [desktop, setDesktop] = useState(false);
  const wanted: Frame = { key: `${address}#${version}`, src: address };
  const [shown, setShown] = useState<Frame>(wanted);
  const loading = wanted.key === shown.key ? null : wanted;
  const box = useRef<HTMLDivElement>(null);
  const scale = useFitScale(box, desktop ? DESKTOP_WIDTH : PHONE_WIDTH);
  const width = desktop ? DESKTOP_WIDTH : PHONE_WIDTH;
  const frameStyle = { width: `${width}px`, height: `${FRAME_HEIGHT}px`, transform: `scale(${scale})` };

  return (
    <section className="editor-preview" aria-label="Preview">
      <div className="editor-preview__bar">
        <h2>Preview</h2>
        <button
          type="button"
          className="console-button console-button--quiet"
          aria-pressed={desktop}
          onClick={() => setDesktop((on) => !on)}
        >
          Desktop
        </button>
      </div>
      <div ref={box} className="editor-preview__box" style={{ height: `${Math.ceil(FRAME_HEIGHT * scale)}px` }}>
        <iframe
          key={shown.key}
          src={shown.src}
          title={`Preview of ${heading}`}
          className="editor-preview__frame"
          style={frameStyle}
        />
        {loading !== null && (
          <iframe
            key={loading.key}
            src={loading.src}
            title={`Preview of ${heading}, loading`}
            inert
            className="editor-preview__frame editor-preview__frame--loading"
            style={frameStyle}
            onLoad={() => setShown(loading)}
          />
        )}
      </div>
    </section>
  );
}

/** The scale at which `width` fits the box's width (1 at most), following the box as the window is resized. */
function useFitScale(box: RefObject<HTMLDivElement | null>, width: number): number {
  const [available, setAvailable] = useState(width);
  useEffect(() => {
    const element = box.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, width]);
  return available > 0 ? Math.min(1, available / width) : 1;
}
