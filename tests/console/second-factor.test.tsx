import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserEntry } from '../../contracts/console.ts';
import {
  ADMIN,
  OPERATOR,
  renderConsole,
  sessionOf,
  signedInAs,
  signedOut,
  stubServer,
  supportDialogs,
  type Handler,
} from './stub-server.tsx';

beforeAll(supportDialogs);
afterEach(() => vi.unstubAllGlobals());

const noLeads: Handler = ({ method, url }) =>
  method === 'GET' && url.startsWith('/api/admin/leads')
    ? { status: 200, body: { leads: [], next_cursor: null } }
    : undefined;

const posting =
  (path: string, answer: (body: unknown) => { status: number; body?: unknown }): Handler =>
  ({ method, url, body }) =>
    method === 'POST' && url === path ? answer(body) : undefined;

const passwordNeedsCode = posting('/api/admin/session', () => ({
  status: 200,
  body: sessionOf(OPERATOR, { pending: 'code', enabled: true, recovery_codes_left: 10 }),
}));

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), OPERATOR.email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery staple');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('signing in with a second factor', () => {
  it('asks for the authentication code after the password, and signs in with it', async () => {
    const server = stubServer(
      signedOut(),
      passwordNeedsCode,
      posting('/api/admin/session/code', (body) =>
        (body as { code: string }).code === '123456'
          ? { status: 200, body: { ...sessionOf(OPERATOR, { enabled: true }), used_recovery_code: false } }
          : {
              status: 401,
              body: {
                error: 'code_wrong',
                message: 'The code is wrong or was used already: enter the code your app shows now',
              },
            },
      ),
      noLeads,
    );
    renderConsole('/admin');
    const user = await signInWithPassword();

    const code = await screen.findByLabelText('Authentication code');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.queryByLabelText('Password')).toBeNull();

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The code is wrong or was used already: enter the code your app shows now',
    );
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/session/code').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('says how many recovery codes are left after one is used', async () => {
    stubServer(
      signedOut(),
      passwordNeedsCode,
      posting('/api/admin/session/code', () => ({
        status: 200,
        body: { ...sessionOf(OPERATOR, { enabled: true, recovery_codes_left: 9 }), used_recovery_code: true },
      })),
      noLeads,
    );
    renderConsole('/admin');
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('Authentication code'), 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const note = await screen.findByRole('status');
    expect(note.textContent).toContain('You have 9 recovery codes left.');
    await user.click(within(note).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
  });

  it('goes back to the password after too many wrong codes', async () => {
    stubServer(
      signedOut(),
      passwordNeedsCode,
      posting('/api/admin/session/code', () => ({
        status: 401,
        body: { error: 'code_attempts_spent', message: '5 wrong codes: sign in again with your password' },
      })),
    );
    renderConsole('/admin');
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('5 wrong codes: sign in again with your password');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });

  it('takes an admin without one from the password straight to its set-up, where one is required', async () => {
    stubServer(
      signedOut(),
      posting('/api/admin/session', () => ({
        status: 200,
        body: sessionOf(ADMIN, { pending: 'set-up', required: true }),
      })),
    );
    renderConsole('/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
  });

  it('asks for the code again when the page is opened between the password and the code', async () => {
    const server = stubServer(signedInAs(OPERATOR, { pending: 'code', enabled: true }), ({ method }) =>
      method === 'DELETE' ? { status: 204 } : undefined,
    );
    renderConsole('/admin');
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use another account' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(server.callsTo('DELETE', '/api/admin/session')).toHaveLength(1);
  });
});

describe('setting up a second factor', () => {
  const SETUP = {
    uri: 'otpauth://totp/Fundflow:admin%40acme.example?issuer=Fundflow&secret=JBSWY3DPEHPK3PXP',
    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
    secret: 'JBSWY3DPEHPK3PXP',
  };
  const CODES = Array.from({ length: 10 }, (_, n) => `code-${n}aaa-bbbb`);

  it('takes an admin who must have one to its set-up, and nowhere else until it is done', async () => {
    let enabled = false;
    const server = stubServer(
      ({ method, url }) =>
        method === 'GET' && url === '/api/admin/session'
          ? {
              status: 200,
              body: sessionOf(ADMIN, { pending: enabled ? null : 'set-up', enabled, required: true }),
            }
          : undefined,
      posting('/api/admin/second-factor/setup', () => ({ status: 200, body: SETUP })),
      posting('/api/admin/second-factor/confirm', (body) => {
        if ((body as { code: string }).code !== '123456') {
          return {
            status: 400,
            body: {
              error: 'invalid_request',
              message: 'The code has 1 invalid field: code (code is not the code your app shows now)',
            },
          };
        }
        enabled = true;
        return { status: 200, body: { recovery_codes: CODES } };
      }),
      noLeads,
    );
    renderConsole('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));

    const qr = await screen.findByRole('img', { name: 'QR code of the secret for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(SETUP.qr_code);
    expect(screen.getByLabelText('Secret').textContent).toBe(SETUP.secret);
    await user.type(screen.getByLabelText('Code from the app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('is not the code your app shows now');

    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    // user-event's own clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I have kept them' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/second-factor/confirm').map((call) => call.body)).toEqual([
      { code: '111111' },
      { code: '123456' },
    ]);
  });

  it('on the account page: shows whether it is on, and removes it with a current code where not required', async () => {
    let enabled = true;
    const server = stubServer(
      ({ method, url }) =>
        method === 'GET' && url === '/api/admin/session'
          ? { status: 200, body: sessionOf(OPERATOR, { enabled, recovery_codes_left: enabled ? 7 : 0 }) }
          : undefined,
      posting('/api/admin/second-factor/removal', () => {
        enabled = false;
        return { status: 204 };
      }),
    );
    renderConsole('/admin/account');
    const section = within(await screen.findByRole('region', { name: 'Second factor' }));
    expect((await section.findByText(/^On:/)).textContent).toContain('You have 7 recovery codes left.');
    expect(section.getByRole('button', { name: 'Set up again' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(section.getByLabelText('Current code'), '123456');
    await user.click(section.getByRole('button', { name: 'Remove second factor' }));
    expect(await section.findByText(/^Off:/)).toBeTruthy();
    expect(section.getByRole('status').textContent).toBe('The second factor is removed.');
    expect(section.getByRole('button', { name: 'Set up' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/second-factor/removal')[0]?.body).toEqual({ code: '123456' });
  });

  it('on the account page: offers no removal where it is required', async () => {
    stubServer(signedInAs(ADMIN, { enabled: true, required: true, recovery_codes_left: 10 }));
    renderConsole('/admin/account');
    const section = within(await screen.findByRole('region', { name: 'Second factor' }));
    expect(await section.findByText(/^On:/)).toBeTruthy();
    expect(section.queryByRole('button', { name: 'Remove second factor' })).toBeNull();
  });
});

describe('the users page', () => {
  const entry = (id: string, email: string, secondFactor: boolean): UserEntry => ({
    id,
    email,
    role: 'operator',
    status: 'active',
    created_at: '2026-11-01T10:00:00.000Z',
    last_sign_in_at: null,
    second_factor: secondFactor,
  });

  it("shows who has a second factor, and resets another user's after asking", async () => {
    const users = [
      { ...entry(ADMIN.id, ADMIN.email, true), role: 'admin' as const },
      entry('u-2', 'sam@acme.example', true),
      entry('u-3', 'kim@acme.example', false),
    ];
    const server = stubServer(
      signedInAs(ADMIN, { enabled: true, required: true }),
      ({ method, url }) =>
        method === 'GET' && url === '/api/admin/users' ? { status: 200, body: { users, locks: [] } } : undefined,
      posting('/api/admin/users/u-2/second-factor/reset', () => {
        users[1]!.second_factor = false;
        return { status: 200, body: { user: users[1] } };
      }),
    );
    renderConsole('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = (email: string) => within(within(table).getByRole('rowheader', { name: email }).closest('tr')!);
    expect(within(table).getByRole('columnheader', { name: 'Second factor' })).toBeTruthy();
    expect(row('sam@acme.example').getByRole('cell', { name: 'On' })).toBeTruthy();
    expect(row('kim@acme.example').getByRole('cell', { name: 'Off' })).toBeTruthy();
    expect(row('kim@acme.example').queryByRole('button', { name: 'Reset second factor' })).toBeNull();
    expect(row(ADMIN.email).queryByRole('button', { name: 'Reset second factor' })).toBeNull();

    const user = userEvent.setup();
    await user.click(row('sam@acme.example').getByRole('button', { name: 'Reset second factor' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the second factor of sam@acme.example?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    await vi.waitFor(() => expect(row('sam@acme.example').getByRole('cell', { name: 'Off' })).toBeTruthy());
    expect(server.callsTo('POST', '/api/admin/users/u-2/second-factor/reset')).toHaveLength(1);
  });
});
