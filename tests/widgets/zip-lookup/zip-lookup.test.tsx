import { describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ApiClient, ZipPlace } from '../../../engine/api/client.ts';
import { ENGINE_MESSAGES } from '../../../engine/messages.ts';
import { fakeFormContext, stubApi } from '../../support/form-context.ts';
import { renderField } from '../../support/render-field.tsx';

const field: RJSFSchema = { type: 'string', minLength: 5, maxLength: 5, pattern: '^[0-9]*$' };
const options = {
  notFound: 'Please enter valid zipcode.',
  found: '{city}, {state} {zipcode}',
  save: { city: 'city', state: 'state', zipcode: 'zipcode' },
};
const OUTSIDE = ENGINE_MESSAGES.outsideServedArea;
const BEVERLY_HILLS: ZipPlace = { city: 'Beverly Hills', state: 'CA', zipcode: '90210' };
const NEW_YORK: ZipPlace = { city: 'New York', state: 'NY', zipcode: '10001' };

/** A lookup the test answers when it chooses, to see what the visitor sees meanwhile. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderZip(lookupZip: ApiClient['lookupZip'], value?: string) {
  const context = fakeFormContext({ api: stubApi({ lookupZip: vi.fn(lookupZip) }) });
  const view = renderField({ field, widget: 'zip-lookup', options, value, context });
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' });
  return { ...view, input, context };
}

const place = () => screen.getByRole('status');

describe('zip-lookup', () => {
  it('does not accept letters and offers a numeric keyboard', async () => {
    const { input, onChange, context } = renderZip(async () => null);
    await userEvent.type(input, 'a9b0-2');
    expect(input.value).toBe('902');
    expect(onChange).toHaveBeenLastCalledWith('902');
    expect(input.inputMode).toBe('numeric');
    expect(context.api.lookupZip).not.toHaveBeenCalled();
  });

  it('does not accept a 6th digit', async () => {
    const { input, onChange } = renderZip(async () => BEVERLY_HILLS);
    await userEvent.type(input, '902101');
    expect(input.value).toBe('90210');
    expect(onChange).toHaveBeenLastCalledWith('90210');
  });

  it('keeps the digits of pasted text', async () => {
    const { input, onChange } = renderZip(async () => BEVERLY_HILLS);
    await userEvent.click(input);
    await userEvent.paste(' 90210-1234');
    expect(input.value).toBe('90210');
    expect(onChange).toHaveBeenLastCalledWith('90210');
  });

  it('shows the place of a known ZIP and saves its city, state and ZIP', async () => {
    const { input, context } = renderZip(async () => BEVERLY_HILLS);
    await userEvent.type(input, '90210');
    await waitFor(() => expect(place().textContent).toBe('Beverly Hills, CA 90210'));
    expect(context.api.lookupZip).toHaveBeenCalledExactlyOnceWith('90210');
    expect(context.save).toHaveBeenCalledExactlyOnceWith({ city: 'Beverly Hills', state: 'CA', zipcode: '90210' });
    expect(context.setFieldError).not.toHaveBeenCalledWith('answer', options.notFound);
  });

  it('marks an unknown ZIP invalid and removes the saved city, state and ZIP', async () => {
    const { input, context } = renderZip(async () => null);
    await userEvent.type(input, '00000');
    await waitFor(() =>
      expect(context.setFieldError).toHaveBeenLastCalledWith('answer', 'Please enter valid zipcode.'),
    );
    expect(context.save).toHaveBeenCalledExactlyOnceWith({ city: undefined, state: undefined, zipcode: undefined });
    expect(place().textContent).toBe('');
  });

  it.each([
    ['a territory ZIP the lookup places (San Juan, PR)', '00908', { city: 'San Juan', state: 'PR', zipcode: '00908' }],
    ['a territory ZIP the lookup does not know (Guam)', '96910', null],
  ])('refuses %s with the served-area message and saves no place', async (_case, typed, found) => {
    const { input, context } = renderZip(async () => found);
    await userEvent.type(input, typed);
    await waitFor(() => expect(context.setFieldError).toHaveBeenLastCalledWith('answer', OUTSIDE));
    expect(context.save).toHaveBeenCalledExactlyOnceWith({ city: undefined, state: undefined, zipcode: undefined });
    expect(place().textContent).toBe('');
  });

  it('withdraws its error and the shown place once a digit is removed', async () => {
    const { input, context } = renderZip(async (zip) => (zip === '90210' ? BEVERLY_HILLS : null));
    await userEvent.type(input, '00000');
    await waitFor(() => expect(context.setFieldError).toHaveBeenLastCalledWith('answer', options.notFound));
    await userEvent.type(input, '{Backspace}');
    expect(context.setFieldError).toHaveBeenLastCalledWith('answer', undefined);

    await userEvent.clear(input);
    await userEvent.type(input, '90210');
    await waitFor(() => expect(place().textContent).toBe('Beverly Hills, CA 90210'));
    await userEvent.type(input, '{Backspace}');
    expect(place().textContent).toBe('');
  });

  it('keeps the step busy while the lookup runs', async () => {
    const lookup = pending<ZipPlace | null>();
    const { input, context } = renderZip(() => lookup.promise);
    await userEvent.type(input, '90210');
    expect(vi.mocked(context.setBusy).mock.calls).toEqual([[true]]);
    lookup.resolve(BEVERLY_HILLS);
    await waitFor(() => expect(vi.mocked(context.setBusy).mock.calls).toEqual([[true], [false]]));
  });

  it('shows nothing and frees the step when the lookup service cannot be reached', async () => {
    const lookup = pending<ZipPlace | null>();
    const { input, context } = renderZip(() => lookup.promise);
    await userEvent.type(input, '90210');
    lookup.reject(new TypeError('Failed to fetch'));
    await waitFor(() => expect(vi.mocked(context.setBusy).mock.calls).toEqual([[true], [false]]));
    expect(place().textContent).toBe('');
    expect(context.setFieldError).not.toHaveBeenCalledWith('answer', options.notFound);
    expect(context.save).not.toHaveBeenCalled();
  });

  it('ignores the answer about a ZIP the visitor has since changed', async () => {
    const lookups = new Map([
      ['90210', pending<ZipPlace | null>()],
      ['10001', pending<ZipPlace | null>()],
    ]);
    const { input, context } = renderZip((zip) => lookups.get(zip)!.promise);
    await userEvent.type(input, '90210');
    await userEvent.clear(input);
    await userEvent.type(input, '10001');
    lookups.get('10001')!.resolve(NEW_YORK);
    await waitFor(() => expect(place().textContent).toBe('New York, NY 10001'));
    await act(async () => lookups.get('90210')!.resolve(BEVERLY_HILLS));

    expect(place().textContent).toBe('New York, NY 10001');
    expect(context.save).toHaveBeenCalledExactlyOnceWith({ city: 'New York', state: 'NY', zipcode: '10001' });
    expect(vi.mocked(context.setBusy).mock.lastCall).toEqual([false]);
  });

  it('looks up a restored ZIP once when it appears', async () => {
    const { input, context } = renderZip(async () => BEVERLY_HILLS, '90210');
    expect(input.value).toBe('90210');
    await waitFor(() => expect(place().textContent).toBe('Beverly Hills, CA 90210'));
    expect(context.api.lookupZip).toHaveBeenCalledExactlyOnceWith('90210');
  });
});
