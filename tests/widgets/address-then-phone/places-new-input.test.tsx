import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { PickedAddress } from '../../../widgets/address-then-phone/place.ts';
import { PLACES_TIMEOUT_MS } from '../../../widgets/address-then-phone/places-new.ts';
import {
  PlacesNewInput,
  SUGGEST_DELAY_MS,
  SUGGESTIONS_OFF,
} from '../../../widgets/address-then-phone/PlacesNewInput.tsx';
import '../../support/fake-places-new.js';
import { ENGINE_MESSAGES } from '../../../engine/messages.ts';

interface FakeCall {
  call: 'suggest' | 'fetchFields';
  input?: string;
  token: number | null;
  fields?: string[];
  request?: Record<string, unknown>;
}

const fake = window as unknown as { fakePlacesCalls: FakeCall[]; fakePlacesMode?: string };

interface Fetcher {
  fetchAutocompleteSuggestions(request: { input: string }): Promise<unknown>;
}

const englishMessage = (key: string) => ENGINE_MESSAGES[key] ?? key;

function renderInput({ ready = true, message = englishMessage, locale = 'en-US' } = {}) {
  const picked = vi.fn<(address: PickedAddress) => void>();
  function Street() {
    const [value, setValue] = useState('');
    return (
      <>
        <label htmlFor="street">Street address</label>
        <PlacesNewInput
          ready={ready}
          input={{ id: 'street', value, onChange: (event) => setValue(event.target.value) }}
          onPick={picked}
          message={message}
          locale={locale}
        />
      </>
    );
  }
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<Street />);
  return { user, picked };
}

const combobox = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Street address' });
const options = () => screen.getAllByRole('option');
const callsOf = (call: FakeCall['call']) => fake.fakePlacesCalls.filter((entry) => entry.call === call);

/** Lets the typing pause pass: a request for what was typed, if any, has been sent. */
const pauseTyping = () => act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS * 2));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  fake.fakePlacesCalls.length = 0;
  delete fake.fakePlacesMode;
});

describe('address suggestions from Places API (New)', () => {
  it('is the plain address input until Places is ready', () => {
    renderInput({ ready: false });
    const street = screen.getByRole('textbox', { name: 'Street address' });
    expect(street.getAttribute('autocomplete')).toBe('street-address');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('suggests US addresses once the visitor pauses, with one request for what was typed', async () => {
    const { user } = renderInput();
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    await user.type(combobox(), '1600');
    const list = await screen.findByRole('listbox', { name: 'Suggested addresses' });
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(combobox().getAttribute('aria-controls')).toBe(list.id);
    expect(options().map((option) => option.textContent)).toEqual([
      '1600 Amphitheatre Pkwy Mountain View, CA, USA',
      '1600 Pennsylvania Avenue NW Washington, DC, USA',
    ]);
    expect(screen.getByText('2 suggestions')).toBeTruthy();
    expect(screen.getByText('Powered by Google')).toBeTruthy();
    expect(callsOf('suggest')).toHaveLength(1);
    expect(callsOf('suggest')[0]!.request).toMatchObject({
      input: '1600',
      language: 'en',
      includedRegionCodes: ['us'],
      includedPrimaryTypes: ['street_address', 'premise', 'subpremise'],
    });
  });

  it("names the list, counts the suggestions and asks Google in the page's language", async () => {
    const spanish: Readonly<Record<string, string>> = {
      addressSuggestions: 'Direcciones sugeridas',
      oneAddressSuggestion: '1 sugerencia',
      addressSuggestionCount: '{count} sugerencias',
    };
    const { user } = renderInput({ message: (key) => spanish[key] ?? key, locale: 'es-US' });
    await user.type(combobox(), '1600');
    expect(await screen.findByRole('listbox', { name: 'Direcciones sugeridas' })).toBeTruthy();
    // Google is asked for its words (street types, the country) in Spanish too.
    expect(callsOf('suggest')[0]!.request).toMatchObject({ input: '1600', language: 'es' });
    expect(screen.getByText('2 sugerencias')).toBeTruthy();
    expect(screen.queryByText('2 suggestions')).toBeNull();
  });

  it('asks nothing for fewer than three characters', async () => {
    const { user } = renderInput();
    await user.type(combobox(), '16');
    await pauseTyping();
    expect(callsOf('suggest')).toHaveLength(0);
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('moves the highlight with the arrow keys and picks the highlighted address with Enter', async () => {
    const { user, picked } = renderInput();
    await user.type(combobox(), '160');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(combobox().getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(picked).toHaveBeenCalledExactlyOnceWith({
        street_address: '160 Broadway',
        city: 'New York',
        state: 'NY',
        zipcode: '10038',
      }),
    );
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(combobox());
  });

  it('asks for the essentials fields of the chosen place in the session of its suggestions, then starts a new one', async () => {
    const { user, picked } = renderInput();
    await user.type(combobox(), '1600 P');
    await user.click(await screen.findByRole('option', { name: /1600 Pennsylvania Avenue NW/ }));
    await waitFor(() => expect(picked).toHaveBeenCalledOnce());
    expect(picked.mock.lastCall?.[0]).toEqual({
      street_address: '1600 Pennsylvania Avenue NW',
      city: 'Washington',
      state: 'DC',
      zipcode: '20500',
    });
    const [details] = callsOf('fetchFields');
    expect(details).toMatchObject({ fields: ['addressComponents', 'formattedAddress'] });
    expect(details!.token).toBe(callsOf('suggest').at(-1)!.token);

    await user.clear(combobox());
    await user.type(combobox(), '160 B');
    await screen.findByRole('option', { name: /160 Broadway/ });
    expect(callsOf('suggest').at(-1)!.token).not.toBe(details!.token);
  });

  it('drops the answer to an earlier request when it arrives after a later one', async () => {
    const suggestions = (window as unknown as { google: { maps: { places: { AutocompleteSuggestion: Fetcher } } } })
      .google.maps.places.AutocompleteSuggestion;
    const fetchAnswer = suggestions.fetchAutocompleteSuggestions;
    let answerFirst = () => {};
    suggestions.fetchAutocompleteSuggestions = (request) => {
      const answer = fetchAnswer(request);
      if (request.input !== '1600') return answer;
      return new Promise((resolve) => (answerFirst = () => resolve(answer)));
    };
    try {
      const { user } = renderInput();
      await user.type(combobox(), '1600');
      await pauseTyping();
      await user.type(combobox(), ' P');
      await screen.findByRole('option', { name: /1600 Pennsylvania Avenue NW/ });
      await act(async () => answerFirst());
      expect(options()).toHaveLength(1);
    } finally {
      suggestions.fetchAutocompleteSuggestions = fetchAnswer;
    }
  });

  it('closes the list on Escape and when the visitor leaves the input, choosing nothing', async () => {
    const { user, picked } = renderInput();
    await user.type(combobox(), '1600');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('2 suggestions')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(picked).not.toHaveBeenCalled();
  });
});

describe('when Google fails', () => {
  it('gives up after a request that does not answer: the plain input, what was typed and the focus stay', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.fakePlacesMode = 'hang';
    const { user } = renderInput();
    await user.type(combobox(), '1600 Amph');
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS + PLACES_TIMEOUT_MS));
    const street = screen.getByRole<HTMLInputElement>('textbox', { name: 'Street address' });
    expect(street.value).toBe('1600 Amph');
    expect(document.activeElement).toBe(street);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(street, ' Pkwy');
    expect(street.value).toBe('1600 Amph Pkwy');
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.lastCall?.[0]).toBe(SUGGESTIONS_OFF);
    warn.mockRestore();
  });

  it('does not ask Google again on this page: a later address step starts as the plain input', async () => {
    const { user } = renderInput();
    const street = screen.getByRole('textbox', { name: 'Street address' });
    await user.type(street, '1600 Amph');
    await pauseTyping();
    expect(callsOf('suggest')).toHaveLength(0);
  });
});
