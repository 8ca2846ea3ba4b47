import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKETER, renderConsole, signedInAs, stubServer, type Handler } from './stub-server.tsx';

afterEach(() => vi.unstubAllGlobals());

const PASSWORD_CHANGE = '/api/admin/session/password';

const changing =
  (answer: { status: number; body?: unknown }): Handler =>
  ({ method, url }) =>
    method === 'POST' && url === PASSWORD_CHANGE ? answer : undefined;

async function fillIn(current: string, next: string, confirmation = next) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('your account', () => {
  it('is linked from the header as "Your account", for every role', async () => {
    stubServer(signedInAs(MARKETER));
    renderConsole('/admin/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'Your account' });
    expect(link.getAttribute('href')).toBe('/admin/account');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('changes the password and says the other browsers are signed out', async () => {
    const server = stubServer(signedInAs(MARKETER), changing({ status: 204 }));
    renderConsole('/admin/account');
    await fillIn('my old passphrase', 'my new long passphrase');
    expect((await screen.findByText(/Your password is changed/)).getAttribute('role')).toBe('status');
    expect(server.callsTo('POST', PASSWORD_CHANGE)[0]?.body).toEqual({
      current_password: 'my old passphrase',
      new_password: 'my new long passphrase',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it('shows a wrong current password next to its field, and announces it', async () => {
    stubServer(
      signedInAs(MARKETER),
      changing({
        status: 400,
        body: {
          error: 'invalid_request',
          message: 'The password change has 1 invalid field: current_password',
          fields: [{ field: 'current_password', keyword: 'password', message: 'is not your current password' }],
        },
      }),
    );
    renderConsole('/admin/account');
    await fillIn('not my passphrase', 'my new long passphrase');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Current password is not your current password.');
    const current = screen.getByLabelText('Current password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toBeTruthy();
    const described = document.getElementById(current.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Current password is not your current password.');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('false');
  });

  it('names a common new password, and sends nothing when the two new ones differ', async () => {
    const server = stubServer(
      signedInAs(MARKETER),
      changing({
        status: 400,
        body: {
          error: 'invalid_request',
          message: 'The password change has 1 invalid field: new_password',
          fields: [
            {
              field: 'new_password',
              keyword: 'password',
              message: 'is one of the most common passwords: choose another',
            },
          ],
        },
      }),
    );
    renderConsole('/admin/account');
    await fillIn('my old passphrase', 'qwerty123456', 'qwerty1234567');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Confirm new password: it differs/);
    expect(server.callsTo('POST', PASSWORD_CHANGE)).toEqual([]);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), '7');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'New password is one of the most common passwords: choose another.',
      ),
    );
  });
});
