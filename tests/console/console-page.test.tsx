import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../contracts/public-config.ts';
import { signedOut, stubServer } from './stub-server.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the console's page", () => {
  it('renders the console alone at its address, named with the product the server wrote in', async () => {
    stubServer(signedOut());
    window.history.pushState(null, '', '/admin');
    const config = document.createElement('script');
    config.id = RUNTIME_CONFIG_ELEMENT_ID;
    config.type = 'application/json';
    config.textContent = JSON.stringify({ productName: 'Acme Funding' });
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(config, root);

    await import('../../console/main.tsx');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    // The heading names the document in an effect, which React may run after the heading is on the page.
    await waitFor(() => expect(document.title).toBe('Sign in | Acme Funding console'));
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
