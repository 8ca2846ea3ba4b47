import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR, getting, renderConsole, stubServer, type Handler } from './stub-server.tsx';

afterEach(() => vi.unstubAllGlobals());

const INVITATION = '/api/admin/invitations/tok-1';

/** Signed out until the password is set, then signed in as the operator. */
function invitationServer(): Handler {
  let signedIn = false;
  return ({ method, url }) => {
    if (method === 'GET' && url === INVITATION) return { status: 200, body: { email: OPERATOR.email } };
    if (method === 'POST' && url === INVITATION) {
      signedIn = true;
      return { status: 200, body: { user: OPERATOR } };
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

describe('the invitation page', () => {
  it('sets the password, then opens the console signed in', async () => {
    const server = stubServer(invitationServer());
    renderConsole('/admin/invite/tok-1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: `Set a password for ${OPERATOR.email}` })).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'a long passphrase here');
    await user.type(screen.getByLabelText('Confirm password'), 'a long passphrase here');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain(OPERATOR.email);
    expect(server.callsTo('POST', INVITATION)[0]?.body).toEqual({ password: 'a long passphrase here' });
  });

  it('names the field when the two passwords differ, and sends nothing', async () => {
    const server = stubServer(invitationServer());
    renderConsole('/admin/invite/tok-1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'a long passphrase here');
    await user.type(screen.getByLabelText('Confirm password'), 'a long passphrase there');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Confirm password');
    expect(server.callsTo('POST', INVITATION)).toEqual([]);
  });

  it("shows the server's refusal of a weak password", async () => {
    const weak = 'The password has 1 invalid field: password (use at least 12 characters)';
    stubServer(
      ({ method, url }) =>
        method === 'POST' && url === INVITATION
          ? { status: 400, body: { error: 'invalid_password', message: weak } }
          : undefined,
      invitationServer(),
    );
    renderConsole('/admin/invite/tok-1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(weak);
  });

  it('says a link unknown, used or expired cannot be used', async () => {
    stubServer(getting(INVITATION, { error: 'not_found', message: 'No such invitation' }, 404));
    renderConsole('/admin/invite/tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('72 hours');
  });
});
