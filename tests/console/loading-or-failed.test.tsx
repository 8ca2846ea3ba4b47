/**
 * A data page's states from one component: loading, a failure (with Try again only where asking again may help), an
 * empty answer in the page's words, and the data once it is there.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadingOrFailed } from '../../console/LoadingOrFailed.tsx';
import type { Loaded } from '../../console/use-console-data.ts';

const EMPTY = { when: (names: string[]) => names.length === 0, message: 'No names yet.' };

function shown(loaded: Loaded<string[]>, retry = vi.fn()) {
  render(
    <LoadingOrFailed
      loaded={loaded}
      loading="Loading names…"
      empty={EMPTY}
      failed={(status) => (status === 404 ? 'There are no such names.' : undefined)}
      retry={retry}
    >
      {(names) => (
        <ul aria-label="Names">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </LoadingOrFailed>,
  );
  return retry;
}

describe('loading, empty and failed', () => {
  it('says it is loading, as a status', () => {
    shown({ state: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading names…');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("says a server's failure as an alert and asks again on Try again", async () => {
    const retry = shown({ state: 'failed', status: 503, message: 'The server is busy.' });
    expect(screen.getByRole('alert').textContent).toBe('The server is busy.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("says a failure the page knows in the page's words, with nothing to try again", () => {
    shown({ state: 'failed', status: 404, message: 'Not found.' });
    expect(screen.getByRole('alert').textContent).toBe('There are no such names.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says there is nothing, as a status, in place of an empty list', () => {
    shown({ state: 'loaded', data: [] });
    expect(screen.getByRole('status').textContent).toBe('No names yet.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the data once it is there', () => {
    shown({ state: 'loaded', data: ['Mary', 'Ann'] });
    expect(screen.getByRole('list', { name: 'Names' }).textContent).toBe('MaryAnn');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
