import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_PAGE, invitationPage } from '../../../engine/api/console.ts';
import * as client from '../../../engine/api/client.ts';
import * as consoleApi from '../../../site/console/console-api.ts';
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
    window.history.pushState(null, '', '/admin');
    render(consoleTree('Acme Funding'));
    // The console's modules are loaded (and, here, compiled) on first use.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 10_000 })).toBeTruthy();
    expect(document.title).toBe('Sign in | Acme Funding console');
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe("the console's calls", () => {
  it("name the cross-site token's cookie, header and refusal as the page's client does", () => {
    expect(consoleApi.XSRF_COOKIE).toBe(client.XSRF_COOKIE);
    expect(consoleApi.XSRF_HEADER).toBe(client.XSRF_HEADER);
    expect(consoleApi.XSRF_REFUSED).toBe(client.XSRF_REFUSED);
  });
});
