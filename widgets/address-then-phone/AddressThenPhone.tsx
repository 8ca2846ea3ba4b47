import './address-then-phone.css';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { toFieldPathId } from '@rjsf/utils';
import type { FormRecord } from '../../engine/state/record.ts';
import { errorAttributes, type ObjectWidgetProps } from '../../engine/widget-contract.ts';
import { useLatest } from '../../engine/render/use-latest.ts';
import { digitsOf, digitsOnlyHandlers } from '../shared/digits-input.ts';
import { useZipLookup, type ZipAnswer } from '../shared/use-zip-lookup.ts';
import { AddressInput } from './address-input.tsx';
import { FieldRow } from './field-row.tsx';
import { MaskedPhoneInput } from './MaskedPhoneInput.tsx';
import type { AddressThenPhoneOptions } from './options.ts';
import type { PickedAddress } from './place.ts';

type Field = 'street_address' | 'city' | 'state' | 'zipcode' | 'phone';
type StepData = Partial<Record<Field, string>>;

const ADDRESS_FIELDS = ['street_address', 'city', 'state', 'zipcode'] as const;
const ZIP_LENGTH = 5;

/** The first button checks the address (with a short wait shown), then the phone field and the submit button show. */
type Stage = 'address' | 'checking' | 'phone';

const FIELDS = [...ADDRESS_FIELDS, 'phone'] as const;

/** The step's answers this widget shows: its fields' texts (the step's schema makes each a string). */
function stepData(formData: FormRecord | undefined): StepData {
  const data: StepData = {};
  for (const field of FIELDS) {
    const value = formData?.[field];
    if (typeof value === 'string') data[field] = value;
  }
  return data;
}

/**
 * The phone step: street address (with suggestions when the page has a Maps key), then city, state and ZIP once an
 * address is there, and the phone number once the first button has checked the address and its ZIP code.
 */
export function AddressThenPhone(props: ObjectWidgetProps<AddressThenPhoneOptions>) {
  const {
    formData,
    schema,
    options,
    errorSchema,
    fieldPathId,
    registry,
    disabled,
    readonly,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const context = registry.formContext;
  const data = stepData(formData);

  // rjsf hands a change back as props only after applying it; what this widget gives back builds on its last change.
  const latest = useRef(data);
  const received = useRef(formData);
  if (received.current !== formData) {
    received.current = formData;
    latest.current = data;
  }
  // Lookups answer after renders: they reach the engine through the context of the latest render.
  const live = useLatest(context);
  const zipLookup = useZipLookup(context, options.zipNotFound);
  // The last lookup with its answer applied; the first button waits for it before checking the ZIP.
  const lastLookup = useRef<Promise<void>>(undefined);
  const alive = useRef(true);

  // A street restored was typed or picked, so its place showed.
  const [entered, setEntered] = useState(() => Boolean(data.street_address?.trim()));
  const [stage, setStage] = useState<Stage>('address');
  const loaderTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const revealing = useRef(false);

  // Restored city and state came from a lookup or a chosen place, so their ZIP was confirmed then.
  const confirmedZip = useRef(data.city && data.state ? data.zipcode : undefined);
  // A ZIP the lookup refused (unknown, or outside the served area) and the error it got.
  const refusedZip = useRef<{ zip: string; error: string }>(undefined);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(loaderTimer.current);
    };
  }, []);

  const idOf = (field: Field) => toFieldPathId(field, registry.globalFormOptions, fieldPathId).$id;
  const errorsOf = (field: Field) => errorSchema?.[field]?.__errors ?? [];
  const titleOf = (field: Field) => {
    const property = schema.properties?.[field];
    return (typeof property === 'object' && property.title) || field;
  };
  const stateProperty = schema.properties?.state;
  const stateCodes =
    typeof stateProperty === 'object' ? (stateProperty.enum ?? []).filter((code) => typeof code === 'string') : [];

  const update = (patch: StepData, field: Field) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    onChange(next, fieldPathId.path, undefined, idOf(field));
  };

  const cancelLookup = () => {
    zipLookup.cancel();
    lastLookup.current = undefined;
  };

  // Only the latest lookup answers: a new ZIP, a picked address or the widget leaving cancels the one running.
  const lookUp = (zip: string): Promise<void> => {
    const applied = zipLookup.lookUp(zip).then(apply);
    lastLookup.current = applied;
    return applied;
  };

  const apply = (answer: ZipAnswer | undefined) => {
    if (answer === undefined) return;
    if ('place' in answer) {
      confirmedZip.current = answer.zip;
      live.current.setFieldError('zipcode', undefined);
      update({ city: answer.place.city, state: answer.place.state }, 'zipcode');
    } else {
      refusedZip.current = { zip: answer.zip, error: answer.error };
      live.current.setFieldError('zipcode', answer.error);
      update({ city: undefined, state: undefined }, 'zipcode');
    }
  };

  const changeZip = (text: string) => {
    const zip = digitsOf(text, ZIP_LENGTH);
    if (zip === (latest.current.zipcode ?? '')) return;
    cancelLookup();
    confirmedZip.current = undefined;
    context.setFieldError('zipcode', undefined);
    update({ zipcode: zip || undefined }, 'zipcode');
    if (zip.length === ZIP_LENGTH) void lookUp(zip);
  };

  const pick = (address: PickedAddress) => {
    setEntered(true);
    cancelLookup();
    confirmedZip.current = undefined;
    live.current.setFieldError('zipcode', undefined);
    update(
      {
        // A place without a street number and route (rare for address suggestions) keeps what the visitor typed.
        street_address: address.street_address || latest.current.street_address,
        city: address.city || undefined,
        state: address.state || undefined,
        zipcode: address.zipcode || undefined,
      },
      'street_address',
    );
    if (address.zipcode.length === ZIP_LENGTH) void lookUp(address.zipcode);
  };

  // City, state and ZIP show once a street is typed rather than when it loses focus: shown then, they pushed the button
  // down from under the pointer pressing it, and a Tab from the street went past them to the button.
  const changeStreet = (text: string) => {
    if (text.trim()) setEntered(true);
    update({ street_address: text || undefined }, 'street_address');
  };

  const leaveStreet = () => {
    const street = latest.current.street_address;
    const trimmed = street?.trim();
    if (trimmed !== street) update({ street_address: trimmed || undefined }, 'street_address');
    onBlur(idOf('street_address'), trimmed);
  };

  const checkAddress = async () => {
    context.touch(ADDRESS_FIELDS);
    await lastLookup.current;
    const zip = latest.current.zipcode ?? '';
    // A lookup the network failed is asked again; a ZIP the service refused is not.
    if (zip.length === ZIP_LENGTH && confirmedZip.current !== zip && refusedZip.current?.zip !== zip) await lookUp(zip);
    if (!alive.current) return;
    const now = latest.current;
    const confirmed = now.zipcode !== undefined && confirmedZip.current === now.zipcode;
    // A ZIP that is too short already shows the schema's own message.
    if (!confirmed && now.zipcode?.length === ZIP_LENGTH) {
      const refused = refusedZip.current?.zip === now.zipcode ? refusedZip.current.error : undefined;
      live.current.setFieldError('zipcode', refused ?? options.zipNotFound);
    }
    if (!confirmed || !ADDRESS_FIELDS.every((field) => now[field])) {
      // As Next does on other steps, the focus goes to what the visitor must fix first; city and state follow the ZIP.
      document.getElementById(idOf(now.street_address ? 'zipcode' : 'street_address'))?.focus();
      return;
    }
    setStage('checking');
    loaderTimer.current = setTimeout(() => setStage('phone'), options.loaderSeconds * 1000);
  };

  const reveal = async () => {
    if (stage !== 'address' || revealing.current) return;
    revealing.current = true;
    try {
      await checkAddress();
    } finally {
      revealing.current = false;
    }
  };

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    // In the address input Enter picks a suggestion; elsewhere, before the phone shows, it means the first button.
    if (event.target.id === idOf('street_address')) event.preventDefault();
    else if (stage !== 'phone') {
      event.preventDefault();
      void reveal();
    }
  };

  const control = (field: Field) => {
    const id = idOf(field);
    return {
      id,
      name: id,
      required: schema.required?.includes(field),
      disabled,
      readOnly: readonly,
      ...errorAttributes(id, errorsOf(field)),
      onFocus: () => onFocus(id, latest.current[field]),
    };
  };
  const row = (field: Field, input: ReactNode, className?: string) => (
    <FieldRow id={idOf(field)} label={titleOf(field)} errors={errorsOf(field)} className={className}>
      {input}
    </FieldRow>
  );

  return (
    <div className="address-then-phone" onKeyDown={keyDown}>
      {row(
        'street_address',
        <AddressInput
          apiKey={context.settings.mapsApiKey}
          input={{
            ...control('street_address'),
            value: data.street_address ?? '',
            onChange: (event) => changeStreet(event.target.value),
            onBlur: leaveStreet,
          }}
          onPick={pick}
        />,
      )}
      {entered && (
        <div className="address-then-phone__place">
          {row(
            'city',
            <input type="text" {...control('city')} readOnly value={data.city ?? ''} autoComplete="address-level2" />,
            'address-then-phone__city',
          )}
          {row(
            'state',
            <select
              autoComplete="address-level1"
              {...control('state')}
              value={data.state ?? ''}
              onChange={(event) => update({ state: event.target.value || undefined }, 'state')}
              onBlur={() => onBlur(idOf('state'), latest.current.state)}
            >
              <option value="" disabled>
                {options.statePlaceholder}
              </option>
              {stateCodes.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>,
          )}
          {row(
            'zipcode',
            <input
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={ZIP_LENGTH}
              {...control('zipcode')}
              value={data.zipcode ?? ''}
              onChange={(event) => changeZip(event.target.value)}
              {...digitsOnlyHandlers(ZIP_LENGTH, changeZip)}
              onBlur={() => onBlur(idOf('zipcode'), latest.current.zipcode)}
            />,
          )}
        </div>
      )}
      {stage === 'phone' &&
        row(
          'phone',
          <MaskedPhoneInput
            input={{ ...control('phone'), onBlur: () => onBlur(idOf('phone'), latest.current.phone) }}
            digits={data.phone ?? ''}
            mask={options.phoneMask}
            onDigits={(digits) => update({ phone: digits || undefined }, 'phone')}
          />,
        )}
      <div role="status" className="address-then-phone__status">
        {stage === 'checking' && (
          <>
            <span className="address-then-phone__spinner" aria-hidden="true" />
            {options.loaderText}
          </>
        )}
      </div>
      {stage === 'phone' ? (
        <button
          type="submit"
          className="button button--primary address-then-phone__button"
          disabled={context.submitting}
        >
          {options.submit}
        </button>
      ) : (
        // aria-disabled rather than disabled while checking, so the focus stays on the button.
        <button
          type="button"
          className="button button--primary address-then-phone__button"
          aria-disabled={stage === 'checking' || undefined}
          onClick={() => void reveal()}
        >
          {options.reveal}
        </button>
      )}
    </div>
  );
}
