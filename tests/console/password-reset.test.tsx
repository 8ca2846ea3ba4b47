import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR, getting, renderConsole, stubServer, type Handler } from './stub-server.tsx';

afterEach(() => vi.unstubAllGlobals());

const RESET = '/api/admin/password-resets/tok-1';

/** Signed out until the new password is set, then signed in as the operator. */
function resetServer(): Handler {
  let signedIn = false;
  return ({ method, url }) => {
    if (method === 'GET' && url === RESET) return { status: 200, body: { email: OPERATOR.email } };
    if (method === 'POST' && url === RESET) {
      signedIn = true;
      return { status: 204 };
    }
    if (method === 'GET' && url === '/api/admin/session') {
      return signedIn
        ? { status: 200, body: { user: OPERATOR } }
        : { status: 401, body: { error: 'unauthorized', message: 'Sign in', admin_exists: true } };
    }
    if (method === 'GET' && url.startsWith('/api/admin/leads'))
      return { status: 200, body: { leads: [], next_cursor: null } };
    return undefined;
  };
}

describe('the password-reset page', () => {
  it('sets the new password, then opens the console signed in', async () => {
    const server = stubServer(resetServer());
    renderConsole('/admin/reset/tok-1');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: `Choose a new password for ${OPERATOR.email}` }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'a long passphrase here');
    await user.type(screen.getByLabelText('Confirm password'), 'a long passphrase here');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain(OPERATOR.email);
    expect(server.callsTo('POST', RESET)[0]?.body).toEqual({ password: 'a long passphrase here' });
  });

  it("shows the server's refusal of a common password on the field", async () => {
    const common = 'The password is one of the most common passwords: choose another';
    stubServer(
      ({ method, url }) =>
        method === 'POST' && url === RESET
          ? { status: 400, body: { error: 'invalid_request', message: common } }
          : undefined,
      resetServer(),
    );
    renderConsole('/admin/reset/tok-1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'qwerty123456');
    await user.type(screen.getByLabelText('Confirm password'), 'qwerty123456');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(common);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('says a link unknown, used or expired cannot be used, and what to do', async () => {
    stubServer(getting(RESET, { error: 'not_found', message: 'No such link' }, 404));
    renderConsole('/admin/reset/tok-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This password-reset link cannot be used' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Ask an admin for a new one');
  });
});
