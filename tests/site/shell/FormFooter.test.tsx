import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormFooter } from '../../../site/shell/FormFooter.tsx';
import { ENGLISH_WORDS } from '../interface-words.ts';

const promises = {
  encrypted: 'Cifrado seguro',
  noCreditImpact: 'No afecta su crédito',
  funded: 'Más de $950 millones',
};

afterEach(() => vi.unstubAllGlobals());

describe('the form footer', () => {
  it('names the consent and says the opt-out preference signal was honored, in English', () => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    render(<FormFooter promises={promises} words={ENGLISH_WORDS.formFooter} consent="I agree." />);
    expect(screen.getByRole('region', { name: 'Your consent' }).textContent).toBe('I agree.');
    expect(screen.getByText('Opt-out preference signal honored')).toBeDefined();
  });

  it("says both in the page's language", () => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    render(
      <FormFooter
        promises={promises}
        words={{ consent: 'Su consentimiento', signalHonored: 'Se respetó la señal de exclusión voluntaria' }}
        consent="Acepto."
      />,
    );
    expect(screen.getByRole('region', { name: 'Su consentimiento' }).textContent).toBe('Acepto.');
    expect(screen.getByText('Se respetó la señal de exclusión voluntaria')).toBeDefined();
    expect(screen.queryByText('Opt-out preference signal honored')).toBeNull();
  });
});
