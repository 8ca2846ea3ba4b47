import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import Form from '@rjsf/core';
import { ErrorSchemaBuilder, type ErrorSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import flow from '../../../flows/business-funding.json' with { type: 'json' };
import type { ZipPlace } from '../../../engine/api/client.ts';
import { widgetRegistry } from '../../../engine/render/registry.ts';
import { templates } from '../../../engine/render/templates.tsx';
import type { FormContext } from '../../../engine/widget-contract.ts';
import { widgets } from '../../../widgets/index.ts';
import { fakeFormContext, stubApi } from '../../support/form-context.ts';
import { fakeAutocompletes } from '../../support/fake-places.ts';

const step = flow.steps.phone;
const registry = widgetRegistry(widgets);
const uiSchema: UiSchema = { 'ui:field': step.layout.widget, 'ui:options': step.layout.options };

const flowMessages: Readonly<Record<string, string>> = flow.messages;
const KNOWN_ZIPS: Record<string, ZipPlace> = {
  '00908': { city: 'San Juan', state: 'PR', zipcode: '00908' },
  '10001': { city: 'New York', state: 'NY', zipcode: '10001' },
  '94043': { city: 'Mountain View', state: 'CA', zipcode: '94043' },
};
const lookUpKnownZips = async (zip: string) => KNOWN_ZIPS[zip] ?? null;

const RESTORED = { street_address: '350 5th Ave', city: 'New York', state: 'NY', zipcode: '10001' };

interface Setup {
  data?: Record<string, string>;
  lookupZip?: (zip: string) => Promise<ZipPlace | null>;
  context?: Partial<FormContext>;
  errors?: ErrorSchema;
}

/** The phone step as the engine renders it: the widget as the root field of the step's schema, data held above. */
function renderStep({ data = {}, lookupZip = lookUpKnownZips, context: overrides, errors }: Setup = {}) {
  const context = fakeFormContext({ api: stubApi({ lookupZip: vi.fn(lookupZip) }), ...overrides });
  const changes = vi.fn();
  const submitted = vi.fn();
  function Step() {
    const [formData, setFormData] = useState<Record<string, unknown>>(data);
    return (
      <Form
        schema={step.schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        fields={registry.fields}
        widgets={registry.widgets}
        templates={templates}
        formContext={context}
        extraErrors={errors}
        noValidate
        noHtml5Validate
        showErrorList={false}
        onChange={(event) => {
          setFormData(event.formData);
          changes(event.formData);
        }}
        onSubmit={(event) => submitted(event.formData)}
      >
        <></>
      </Form>
    );
  }
  const user = userEvent.setup();
  render(<Step />);
  const lastData = () => changes.mock.lastCall?.[0] as Record<string, unknown> | undefined;
  return { user, context, submitted, lastData };
}

const street = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Street address' });
const city = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'City' });
const state = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' });
const zip = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Zip code' });
const firstButton = () => screen.getByRole('button', { name: 'View Funding Options' });

// The loader's wait runs on fake timeouts (React's scheduler keeps its real ones). user-event waits on real timeouts
// between its steps, so while they are fake the button is clicked with fireEvent.
async function clickWithFakeTimers(button: HTMLElement) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await act(async () => fireEvent.click(button));
}

async function passSeconds(seconds: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(seconds * 1000);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('address-then-phone', () => {
  it('shows city, state and ZIP only once an address is typed, next in the Tab order', async () => {
    const { user } = renderStep();
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Zip code' })).toBeNull();
    await user.type(street(), ' ');
    expect(screen.queryByRole('textbox', { name: 'Zip code' })).toBeNull();
    await user.type(street(), '3');
    expect(screen.queryByRole('textbox', { name: 'Zip code' })).not.toBeNull();
    await user.type(street(), '50 5th Ave');
    await user.tab();
    expect(document.activeElement).toBe(city());
    expect(city().readOnly).toBe(true);
    const options = within(state()).getAllByRole<HTMLOptionElement>('option');
    expect(options[0]).toMatchObject({ textContent: 'State', disabled: true });
    expect(options.slice(1).map((option) => option.value)).toEqual(step.schema.properties.state.enum);
    expect(zip()).toMatchObject({ inputMode: 'numeric', maxLength: 5 });
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();
  });

  it('shows restored city, state and ZIP at once', () => {
    renderStep({ data: RESTORED });
    expect(city().value).toBe('New York');
    expect(state().value).toBe('NY');
    expect(zip().value).toBe('10001');
  });

  it('looks a typed ZIP up and fills city and state', async () => {
    const { user, context, lastData } = renderStep({ data: { street_address: '350 5th Ave' } });
    await user.click(street());
    await user.tab();
    await user.type(zip(), '10001');
    expect(context.api.lookupZip).toHaveBeenCalledExactlyOnceWith('10001');
    await waitFor(() => expect(city().value).toBe('New York'));
    expect(state().value).toBe('NY');
    expect(context.setFieldError).toHaveBeenLastCalledWith('zipcode', undefined);
    expect(lastData()).toEqual({ ...RESTORED });
    expect(context.setBusy).toHaveBeenLastCalledWith(false);
  });

  it('reports an unknown ZIP through setFieldError and empties city and state', async () => {
    const { user, context, lastData } = renderStep({ data: RESTORED });
    await user.clear(zip());
    await user.type(zip(), '00000');
    await waitFor(() =>
      expect(context.setFieldError).toHaveBeenLastCalledWith('zipcode', 'Please enter valid zipcode.'),
    );
    expect(city().value).toBe('');
    expect(state().value).toBe('');
    expect(lastData()).toMatchObject({ zipcode: '00000', city: undefined, state: undefined });
  });

  it('keeps quiet when the ZIP lookup cannot reach the server', async () => {
    const { user, context } = renderStep({ data: RESTORED, lookupZip: () => Promise.reject(new Error('offline')) });
    await user.clear(zip());
    await user.type(zip(), '60601');
    await waitFor(() => expect(context.setBusy).toHaveBeenLastCalledWith(false));
    expect(context.setFieldError).not.toHaveBeenCalledWith('zipcode', expect.any(String));
    expect(city().value).toBe('New York');
  });

  it('fills from the latest lookup only', async () => {
    const answers: Record<string, (place: ZipPlace | null) => void> = {};
    const lookupZip = (zip: string) => new Promise<ZipPlace | null>((resolve) => void (answers[zip] = resolve));
    const { user } = renderStep({ data: RESTORED, lookupZip });
    await user.clear(zip());
    await user.type(zip(), '94043');
    await user.clear(zip());
    await user.type(zip(), '10001');
    await act(async () => answers['10001']!(KNOWN_ZIPS['10001']!));
    await act(async () => answers['94043']!(KNOWN_ZIPS['94043']!));
    expect(city().value).toBe('New York');
  });

  it('refuses letters in the ZIP and keeps the digits of pasted text', async () => {
    const { user } = renderStep({ data: { street_address: '350 5th Ave', zipcode: '1' } });
    await user.type(zip(), 'a2b-3');
    expect(zip().value).toBe('123');
    await user.clear(zip());
    await user.paste('90 210-1234');
    expect(zip().value).toBe('90210');
  });

  it('never submits the form on Enter in the address input', async () => {
    const { user, submitted } = renderStep();
    await user.type(street(), '350 5th Ave{Enter}');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('shows the errors it is given on their controls', () => {
    const errors = new ErrorSchemaBuilder()
      .addErrors(['This field is required'], 'street_address')
      .addErrors(['Please enter valid zipcode'], 'zipcode').ErrorSchema;
    renderStep({ data: { street_address: '350 5th Ave', zipcode: '1' }, errors });
    for (const [input, message] of [
      [street(), 'This field is required'],
      [zip(), 'Please enter valid zipcode'],
    ] as const) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    }
    expect(city().hasAttribute('aria-invalid')).toBe(false);
  });

  describe('the first button', () => {
    it('with fields missing, shows their errors, takes the focus to the first and keeps the phone hidden', async () => {
      const { context } = renderStep();
      await clickWithFakeTimers(firstButton());
      expect(context.touch).toHaveBeenCalledWith(['street_address', 'city', 'state', 'zipcode']);
      expect(document.activeElement).toBe(street());
      await passSeconds(5);
      expect(screen.getByRole('status').textContent).toBe('');
      expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();
    });

    it('with the address complete, checks it for 2 s, then shows the phone and the submit button', async () => {
      const { user, context } = renderStep();
      await user.type(street(), '350 5th Ave');
      await user.tab();
      await user.type(zip(), '10001');
      await waitFor(() => expect(city().value).toBe('New York'));
      await user.tab();
      expect(document.activeElement).toBe(firstButton());
      await clickWithFakeTimers(firstButton());
      expect(context.touch).toHaveBeenCalledWith(['street_address', 'city', 'state', 'zipcode']);
      expect(screen.getByRole('status').textContent).toBe('Checking your address...');
      await passSeconds(1.9);
      expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();
      await passSeconds(0.1);
      const phone = screen.getByRole<HTMLInputElement>('textbox', { name: 'Phone number' });
      expect(phone).toMatchObject({ type: 'tel', autocomplete: 'tel-national' });
      expect(document.activeElement).toBe(phone);
      expect(screen.getByRole('status').textContent).toBe('');
      expect(screen.getByRole('button', { name: 'View Funding Options' }).getAttribute('type')).toBe('submit');
    });

    it('with a ZIP the lookup does not know, shows the ZIP error instead', async () => {
      const { user, context } = renderStep({ data: RESTORED });
      await user.clear(zip());
      await user.type(zip(), '00000');
      await waitFor(() => expect(state().value).toBe(''));
      vi.mocked(context.setFieldError).mockClear();
      await clickWithFakeTimers(firstButton());
      await passSeconds(0);
      expect(context.setFieldError).toHaveBeenCalledWith('zipcode', 'Please enter valid zipcode.');
      expect(document.activeElement).toBe(zip());
      expect(screen.getByRole('status').textContent).toBe('');
    });

    it('with a ZIP of a US territory, shows the served-area message, empties city and state, and keeps it', async () => {
      const { user, context } = renderStep({ data: RESTORED, context: { message: (key) => flowMessages[key] ?? key } });
      await user.clear(zip());
      await user.type(zip(), '00908');
      await waitFor(() =>
        expect(context.setFieldError).toHaveBeenLastCalledWith('zipcode', flowMessages.outsideServedArea),
      );
      expect(city().value).toBe('');
      expect(state().value).toBe('');
      vi.mocked(context.setFieldError).mockClear();
      await clickWithFakeTimers(firstButton());
      await passSeconds(5);
      expect(context.setFieldError).toHaveBeenCalledWith('zipcode', flowMessages.outsideServedArea);
      expect(context.api.lookupZip).toHaveBeenCalledExactlyOnceWith('00908');
      expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();
    });

    it('asks again for a ZIP whose lookup failed, and goes on once it is found', async () => {
      let online = false;
      const lookupZip = async (zip: string) => {
        if (!online) throw new Error('offline');
        return KNOWN_ZIPS[zip] ?? null;
      };
      const { user, context } = renderStep({ data: { ...RESTORED, zipcode: '1' }, lookupZip });
      await user.type(zip(), '0001');
      await waitFor(() => expect(context.setBusy).toHaveBeenLastCalledWith(false));
      online = true;
      await clickWithFakeTimers(firstButton());
      await passSeconds(0);
      expect(context.api.lookupZip).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('status').textContent).toBe('Checking your address...');
    });
  });

  describe('the phone number', () => {
    async function revealPhone(overrides: Partial<FormContext> = {}) {
      const view = renderStep({ data: RESTORED, context: overrides });
      await clickWithFakeTimers(firstButton());
      await passSeconds(2);
      vi.useRealTimers();
      return { ...view, phone: screen.getByRole<HTMLInputElement>('textbox', { name: 'Phone number' }) };
    }

    it('shows as 000-000-0000 while typed and is given back as digits', async () => {
      const { user, phone, lastData } = await revealPhone();
      await user.type(phone, '212555');
      expect(phone.value).toBe('212-555');
      await user.type(phone, '0123');
      expect(phone.value).toBe('212-555-0123');
      expect(lastData()).toMatchObject({ phone: '2125550123' });
      await user.type(phone, '9');
      expect(lastData()).toMatchObject({ phone: '2125550123' });
    });

    it('removes the digit before a separator on Backspace', async () => {
      const { user, phone, lastData } = await revealPhone();
      await user.type(phone, '2125');
      await user.type(phone, '{Backspace}{Backspace}');
      expect(phone.value).toBe('21');
      expect(lastData()).toMatchObject({ phone: '21' });
    });

    it('submits with the second button, which is disabled while the step is submitting', async () => {
      const { user, phone, submitted } = await revealPhone();
      await user.type(phone, '2125550123');
      await user.click(screen.getByRole('button', { name: 'View Funding Options' }));
      expect(submitted).toHaveBeenCalledWith({ ...RESTORED, phone: '2125550123' });
    });

    it('keeps the submit button disabled while the step is submitting', async () => {
      await revealPhone({ submitting: true });
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'View Funding Options' }).disabled).toBe(true);
    });
  });

  it('with a Maps key, suggests addresses through Places API (New) unless the legacy API is set', () => {
    renderStep({ context: { settings: { mapsApiKey: 'test-key' } } });
    const street = screen.getByRole('combobox', { name: 'Street address' });
    expect(fakeAutocompletes().some((autocomplete) => autocomplete.input === street)).toBe(false);
  });

  describe('with a Maps key and GOOGLE_PLACES_API=legacy', () => {
    const withKey = { settings: { mapsApiKey: 'test-key', placesApi: 'legacy' as const } };

    it('asks Places for US addresses only', () => {
      renderStep({ context: withKey });
      const autocomplete = fakeAutocompletes().at(-1)!;
      expect(autocomplete.input).toBe(street());
      expect(autocomplete.options).toMatchObject({
        types: ['address'],
        componentRestrictions: { country: 'us' },
        fields: ['address_components', 'formatted_address'],
      });
    });

    it('fills street, city, state and ZIP from the chosen suggestion, and confirms the ZIP once', async () => {
      const { user, context, lastData } = renderStep({ context: withKey });
      await user.type(street(), '1600 Amph');
      await user.keyboard('{ArrowDown}{Enter}');
      expect(street().value).toBe('1600 Amphitheatre Pkwy');
      expect(city().value).toBe('Mountain View');
      expect(state().value).toBe('CA');
      expect(zip().value).toBe('94043');
      await waitFor(() => expect(context.setBusy).toHaveBeenLastCalledWith(false));
      expect(context.api.lookupZip).toHaveBeenCalledExactlyOnceWith('94043');
      expect(lastData()).toEqual({
        street_address: '1600 Amphitheatre Pkwy',
        city: 'Mountain View',
        state: 'CA',
        zipcode: '94043',
      });
    });

    it('fills the address from a clicked suggestion', async () => {
      const { user } = renderStep({ context: withKey });
      await user.type(street(), '1600');
      await user.click(screen.getByRole('option', { name: /1600 Amphitheatre Pkwy/ }));
      expect(street().value).toBe('1600 Amphitheatre Pkwy');
      expect(zip().value).toBe('94043');
    });
  });
});
