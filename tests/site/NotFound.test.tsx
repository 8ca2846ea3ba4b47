import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NotFound } from '../../site/NotFound.tsx';
import { ENGLISH_WORDS } from './interface-words.ts';

function renderAt(address: string, words = ENGLISH_WORDS.notFound, homePath = '/') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <NotFound productName="Acme Funding" words={words} homePath={homePath} />
    </MemoryRouter>,
  );
}

describe('the page not found', () => {
  it('says so in English and leads back to the first question, keeping the query', () => {
    renderAt('/nowhere?utm_source=x');
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! That page can’t be found.' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/?utm_source=x');
    expect(document.title).toBe('Page not found | Acme Funding');
  });

  it("speaks the page's language and leads back to that language's first question", () => {
    renderAt(
      '/es/nowhere',
      { title: 'Página no encontrada', heading: '¡Uy! No encontramos esa página.', back: 'Volver' },
      '/es',
    );
    expect(screen.getByRole('heading', { level: 1, name: '¡Uy! No encontramos esa página.' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Volver' }).getAttribute('href')).toBe('/es');
    expect(document.title).toBe('Página no encontrada | Acme Funding');
  });
});
