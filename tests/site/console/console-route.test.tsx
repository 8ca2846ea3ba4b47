import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_PAGE, invitationPage } from '../../../engine/api/console.ts';
import { consoleTree, isConsolePath } from '../../../site/site-tree.tsx';
import { signedOut, stubServer } from './stub-server.tsx';

afterEach(() => vi.unstubAllGlobals());

describe("the console's place in the site", () => {
  it('is the console page and every path below it, nothing else', () => {
    expect(isConsolePath(CONSOLE_PAGE)).toBe(true);
    expect(isConsolePath(`${CONSOLE_PAGE}/leads/abc`)).toBe(true);
    expect(isConsolePath(invitationPage('token'))).toBe(true);
    for (const path of ['/', '/administration', '/v2/admin', '/privacy']) expect(isConsolePath(path), path).toBe(false);
  });

  it('renders the console alone once its code has arrived', async () => {
    stubServer(signedOut());
    render(<MemoryRouter initialEntries={['/admin']}>{consoleTree('Acme Funding')}</MemoryRouter>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.title).toBe('Sign in | Acme Funding console');
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
