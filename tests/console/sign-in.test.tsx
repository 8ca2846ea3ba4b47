import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_FAILED } from '../../contracts/console.ts';
import {
  ADMIN,
  MARKETER,
  OPERATOR,
  renderConsole,
  sessionOf,
  signedInAs,
  signedOut,
  stubServer,
  type Handler,
} from './stub-server.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; max-age=0';
});

const signingIn =
  (status: number, body: unknown): Handler =>
  ({ method, url }) =>
    method === 'POST' && url === '/api/admin/session' ? { status, body } : undefined;

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page', () => {
  it('asks for an email and a password, with the fields password managers fill', async () => {
    stubServer(signedOut());
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('username');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.queryByRole('heading', { name: 'No admin yet' })).toBeNull();
  });

  it('says the one message for a wrong email or password, whichever it was', async () => {
    const server = stubServer(
      signedOut(),
      signingIn(401, { error: 'sign_in_failed', message: 'Unknown email nobody@acme.example' }),
    );
    renderConsole('/admin');
    await signIn('nobody@acme.example', 'not-the-password');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_FAILED);
    expect(server.callsTo('POST', '/api/admin/session')[0]?.body).toEqual({
      email: 'nobody@acme.example',
      password: 'not-the-password',
    });
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it("shows the server's words for a locked account", async () => {
    const locked = 'Too many failed sign-ins: try again in 15 minutes.';
    stubServer(signedOut(), signingIn(429, { error: 'too_many_requests', message: locked }));
    renderConsole('/admin');
    await signIn('admin@acme.example', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(locked);
  });

  it('sends the cross-site token from the cookie when signing in', async () => {
    document.cookie = 'XSRF-TOKEN=token-from-cookie';
    const server = stubServer(signedOut(), signingIn(200, sessionOf(ADMIN)), () => ({
      status: 200,
      body: { leads: [], next_cursor: null, count: 0, exact: true },
    }));
    renderConsole('/admin');
    await signIn(ADMIN.email, 'correct horse battery staple');
    await screen.findByText(ADMIN.email, { exact: false });
    expect(server.callsTo('POST', '/api/admin/session')[0]?.headers['x-xsrf-token']).toBe('token-from-cookie');
  });

  it('signs in all the same when the cookie was lost: the refusal brings a fresh token, sent once more', async () => {
    const server = stubServer(
      signedOut(),
      ({ method, url, headers }) => {
        if (method !== 'POST' || url !== '/api/admin/session') return undefined;
        if (headers['x-xsrf-token'] === 'fresh-token') return { status: 200, body: sessionOf(ADMIN) };
        document.cookie = 'XSRF-TOKEN=fresh-token';
        return { status: 403, body: { error: 'xsrf_token_invalid', message: 'Missing or wrong X-XSRF-TOKEN header' } };
      },
      () => ({ status: 200, body: { leads: [], next_cursor: null, count: 0, exact: true } }),
    );
    renderConsole('/admin');
    await signIn(ADMIN.email, 'correct horse battery staple');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain(ADMIN.email);
    expect(screen.queryByRole('alert')).toBeNull();
    const tokens = server.callsTo('POST', '/api/admin/session').map((call) => call.headers['x-xsrf-token']);
    expect(tokens).toEqual([undefined, 'fresh-token']);
  });

  it("shows the server's refusal when a fresh token does not cure it, without asking again", async () => {
    document.cookie = 'XSRF-TOKEN=token-from-cookie';
    const server = stubServer(
      signedOut(),
      signingIn(403, { error: 'xsrf_token_invalid', message: 'Missing or wrong X-XSRF-TOKEN header' }),
    );
    renderConsole('/admin');
    await signIn(ADMIN.email, 'correct horse battery staple');
    expect((await screen.findByRole('alert')).textContent).toBe('Missing or wrong X-XSRF-TOKEN header');
    expect(server.callsTo('POST', '/api/admin/session')).toHaveLength(1);
  });

  it('says so in sentences when the server cannot be reached or answers without a message', async () => {
    let reachable = false;
    stubServer(signedOut(), ({ method }) => {
      if (method !== 'POST') return undefined;
      if (!reachable) throw new TypeError('Failed to fetch');
      return { status: 502 };
    });
    renderConsole('/admin');
    await signIn(ADMIN.email, 'correct horse battery staple');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server could not be reached. Check the connection and try again.',
    );
    reachable = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The server answered 502.'));
  });

  it('says how to make the first admin when there is none', async () => {
    stubServer(signedOut(false));
    renderConsole('/admin');
    const hint = await screen.findByRole('region', { name: 'No admin yet' });
    expect(hint.textContent).toContain('ADMIN_EMAIL');
    expect(hint.textContent).toContain('ADMIN_PASSWORD');
    expect(hint.textContent).toContain('npm run leads -- add-admin <email>');
  });
});

describe('signed in', () => {
  const nothing: Handler = ({ method }) =>
    method === 'GET'
      ? {
          status: 200,
          body: {
            leads: [],
            entries: [],
            next_cursor: null,
            count: 0,
            exact: true,
            total: 0,
            by_status: {},
            by_version: {},
            by_utm_source: {},
          },
        }
      : undefined;

  const navLinks = () =>
    within(screen.getByRole('navigation', { name: 'Console' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('an admin sees who they are, every page and the leads at home', async () => {
    stubServer(signedInAs(ADMIN), nothing);
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('Acme Funding');
    expect(banner.textContent).toContain('admin@acme.example');
    expect(banner.textContent).toContain('(admin)');
    expect(navLinks()).toEqual(['Leads', 'Counts', 'Funnel', 'Flows', 'Lenders', 'Users', 'Audit log']);
  });

  it('an operator has the leads, counts, funnel and lenders, not users or the audit log', async () => {
    stubServer(signedInAs(OPERATOR), nothing);
    renderConsole('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeTruthy();
    expect(navLinks()).toEqual(['Leads', 'Counts', 'Funnel', 'Flows', 'Lenders']);
  });

  it("a marketer's home is the counts, with the funnel, and no leads page is offered", async () => {
    const server = stubServer(signedInAs(MARKETER), nothing);
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Counts' })).toBeTruthy();
    expect(navLinks()).toEqual(['Counts', 'Funnel', 'Flows']);
    expect(screen.getByRole('link', { name: 'Counts' }).getAttribute('aria-current')).toBe('page');
    // The counts are asked for once the page is up, which a busy machine may draw first.
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/counts')).toHaveLength(1));
    expect(server.callsTo('GET', '/api/admin/leads')).toEqual([]);
  });

  it('Sign out ends the session on the server and goes back to sign-in', async () => {
    const server = stubServer(
      signedInAs(ADMIN),
      ({ method }) => (method === 'DELETE' ? { status: 204 } : undefined),
      nothing,
    );
    renderConsole('/admin/audit');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(server.callsTo('DELETE', '/api/admin/session')).toHaveLength(1);
  });

  it('a session that ends meanwhile brings sign-in back', async () => {
    stubServer(signedInAs(ADMIN), ({ url }) =>
      url.startsWith('/api/admin/leads')
        ? { status: 401, body: { error: 'unauthorized', message: 'Signed out' } }
        : undefined,
    );
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });
});
