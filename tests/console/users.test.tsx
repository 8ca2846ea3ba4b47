import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserEntry } from '../../contracts/console.ts';
import { ADMIN, renderConsole, signedInAs, stubServer, supportDialogs, type Handler } from './stub-server.tsx';

beforeAll(supportDialogs);
afterEach(() => vi.unstubAllGlobals());

const entry = (id: string, email: string, overrides: Partial<UserEntry> = {}): UserEntry => ({
  id,
  email,
  role: 'operator',
  status: 'active',
  created_at: '2026-11-01T10:00:00.000Z',
  last_sign_in_at: null,
  ...overrides,
});

function usersServer(): Handler {
  const users = [entry(ADMIN.id, ADMIN.email, { role: 'admin' }), entry('u-2', 'sam@acme.example')];
  return ({ method, url, body }) => {
    if (method === 'GET' && url === '/api/admin/users') return { status: 200, body: { users } };
    const id = /^\/api\/admin\/users\/([^/]+)/.exec(url)?.[1];
    const user = users.find((candidate) => candidate.id === id);
    if (method === 'PATCH' && user !== undefined) {
      Object.assign(user, body);
      return { status: 200, body: { user } };
    }
    if (method === 'POST' && user !== undefined && url.endsWith('/status')) {
      Object.assign(user, body);
      return { status: 200, body: { user } };
    }
    if (method === 'POST' && url === '/api/admin/users') {
      const invited = entry('u-3', (body as { email: string }).email, { status: 'invited' });
      users.push(invited);
      return {
        status: 201,
        body: {
          user: invited,
          invite_url: 'http://acme.example/admin/invite/one-time-token',
          invite_expires_at: '2026-11-30T10:00:00.000Z',
        },
      };
    }
    return undefined;
  };
}

describe('the users page', () => {
  it('invites a user and shows the one-time link to pass on, with a copy button', async () => {
    const server = stubServer(signedInAs(ADMIN), usersServer());
    renderConsole('/admin/users');
    const user = userEvent.setup();
    const invite = within(await screen.findByRole('region', { name: 'Invite a user' }));
    await user.type(invite.getByLabelText('Email'), 'new@acme.example');
    await user.selectOptions(invite.getByLabelText('Role'), 'marketer');
    await user.click(invite.getByRole('button', { name: 'Invite' }));
    const link = await invite.findByRole('textbox', { name: 'Invitation link' });
    expect((link as HTMLInputElement).value).toBe('http://acme.example/admin/invite/one-time-token');
    expect(invite.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/users')[0]?.body).toEqual({
      email: 'new@acme.example',
      role: 'marketer',
    });
    expect(await screen.findByRole('rowheader', { name: 'new@acme.example' })).toBeTruthy();
  });

  it("changes a user's role with Save, not its own", async () => {
    const server = stubServer(signedInAs(ADMIN), usersServer());
    renderConsole('/admin/users');
    const user = userEvent.setup();
    expect((await screen.findByLabelText<HTMLSelectElement>(`Role of ${ADMIN.email}`)).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Role of sam@acme.example'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Save role of sam@acme.example' }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'Role changed: sam@acme.example is now admin, active.',
      ),
    );
    expect(server.callsTo('PATCH', '/api/admin/users/u-2')[0]?.body).toEqual({ role: 'admin' });
  });

  it('disables a user only once confirmed, then offers Enable', async () => {
    const server = stubServer(signedInAs(ADMIN), usersServer());
    renderConsole('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable sam@acme.example?' });
    expect(server.callsTo('POST', '/api/admin/users/u-2/status')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/users/u-2/status')[0]?.body).toEqual({ status: 'disabled' });
  });
});
