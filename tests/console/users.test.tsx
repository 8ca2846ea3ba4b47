import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountLock, UserEntry } from '../../contracts/console.ts';
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
  second_factor: false,
  ...overrides,
});

function usersServer(): Handler {
  const users = [entry(ADMIN.id, ADMIN.email, { role: 'admin' }), entry('u-2', 'sam@acme.example')];
  const locks: AccountLock[] = [{ user_id: 'u-2', until: '2026-11-27T09:15:00.000Z', addresses: 1, everywhere: false }];
  return ({ method, url, body }) => {
    if (method === 'GET' && url === '/api/admin/users') return { status: 200, body: { users, locks } };
    const id = /^\/api\/admin\/users\/([^/]+)/.exec(url)?.[1];
    const user = users.find((candidate) => candidate.id === id);
    if (method === 'POST' && user !== undefined && url.endsWith('/unlock')) {
      locks.splice(
        locks.findIndex((lock) => lock.user_id === user.id),
        1,
      );
      return { status: 200, body: { user } };
    }
    if (method === 'POST' && user !== undefined && url.endsWith('/password-reset')) {
      return {
        status: 201,
        body: {
          user,
          reset_url: 'http://acme.example/admin/reset/one-time-token',
          reset_expires_at: '2026-11-27T10:00:00.000Z',
        },
      };
    }
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

  it('shows which accounts are locked out, and unlocks one', async () => {
    const server = stubServer(signedInAs(ADMIN), usersServer());
    renderConsole('/admin/users');
    const user = userEvent.setup();
    const row = within((await screen.findByRole('rowheader', { name: 'sam@acme.example' })).closest('tr')!);
    expect(row.getByText(/^Locked from 1 address until/)).toBeTruthy();
    expect(
      within(screen.getByRole('rowheader', { name: ADMIN.email }).closest('tr')!).queryByRole('button', {
        name: /^Unlock/,
      }),
    ).toBeNull();
    await user.click(row.getByRole('button', { name: 'Unlock sam@acme.example' }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'Unlocked: sam@acme.example can sign in again from anywhere.',
      ),
    );
    expect(server.callsTo('POST', '/api/admin/users/u-2/unlock')).toHaveLength(1);
    await vi.waitFor(() => expect(row.queryByRole('button', { name: 'Unlock sam@acme.example' })).toBeNull());
  });

  it('gives a password-reset link to pass on, with its expiry', async () => {
    const server = stubServer(signedInAs(ADMIN), usersServer());
    renderConsole('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset link for sam@acme.example' }));
    const link = await screen.findByRole('textbox', { name: 'Password-reset link' });
    expect((link as HTMLInputElement).value).toBe('http://acme.example/admin/reset/one-time-token');
    const note = within(screen.getByRole('region', { name: 'Reset link for sam@acme.example' }));
    expect(note.getByRole('status').textContent).toMatch(/sets their password once.*expires/);
    expect(note.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/users/u-2/password-reset')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: `Reset link for ${ADMIN.email}` })).toBeNull();
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
