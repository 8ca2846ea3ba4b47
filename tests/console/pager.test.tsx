/** The paging of a list read newest first: buttons to newer and older entries beside the page's number. */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from '../../console/Pager.tsx';

describe('the pager', () => {
  it('shows nothing when the list has one page', () => {
    render(<Pager page={1} olderLabel="Older" />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('goes on from the first page, and says which page this is', async () => {
    const older = vi.fn();
    render(<Pager page={1} onOlder={older} olderLabel="Next page" />);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 1');
    expect(screen.queryByRole('button', { name: 'Newer' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(older).toHaveBeenCalledOnce();
  });

  it('goes back from the last page', async () => {
    const newer = vi.fn();
    render(<Pager page={3} onNewer={newer} olderLabel="Older" />);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 3');
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Newer' }));
    expect(newer).toHaveBeenCalledOnce();
  });
});
