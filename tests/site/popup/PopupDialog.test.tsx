import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PopupDialog } from '../../../site/popup/PopupDialog.tsx';
import { ENGLISH_WORDS } from '../interface-words.ts';

const content = { home_popup_model: true, model_content: '<p>Rates are changing.</p>', button_text: 'OK' };

// jsdom has no modal dialogs: opening one sets its `open` attribute, as a browser does.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
afterEach(() => {
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
});

function renderDialog(words = ENGLISH_WORDS.popup) {
  return render(<PopupDialog content={content} words={words} shown={{ current: false }} onClosed={() => {}} />);
}

describe('the home popup', () => {
  it('is an announcement with a Close button in English', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Announcement' });
    expect(dialog.textContent).toContain('Rates are changing.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeDefined();
  });

  it("names itself and its close button in the page's language", () => {
    renderDialog({ label: 'Aviso', close: 'Cerrar' });
    expect(screen.getByRole('dialog', { name: 'Aviso' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
