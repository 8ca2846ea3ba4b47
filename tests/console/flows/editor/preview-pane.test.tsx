import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PreviewPane } from '../../../../console/flows/editor/PreviewPane.tsx';

const framesIn = () => within(screen.getByRole('region', { name: 'Preview' })).getAllByTitle(/^Preview of/);

describe('the preview', () => {
  it('keeps the frame shown until the next revision has loaded behind it', () => {
    const view = render(<PreviewPane address="/studio-preview/d1/amount" version="3" heading="How much?" />);
    expect(framesIn().map((frame) => frame.getAttribute('src'))).toEqual(['/studio-preview/d1/amount']);
    view.rerender(<PreviewPane address="/studio-preview/d1/amount" version="4" heading="How much?" />);
    const [shown, loading] = framesIn();
    expect(shown?.title).toBe('Preview of How much?');
    expect(loading?.title).toBe('Preview of How much?, loading');
    fireEvent.load(loading!);
    expect(framesIn().map((frame) => frame.title)).toEqual(['Preview of How much?']);
  });
});
