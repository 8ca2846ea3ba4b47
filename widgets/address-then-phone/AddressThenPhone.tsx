import './address-then-phone.css';
import { useEffect, useReducer, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { toFieldPathId } from '@rjsf/utils';
import { errorAttributes, type ObjectWidgetProps } from '../../engine/widget-contract.ts';
import { useLatest } from '../../engine/render/use-latest.ts';
import { digitsOf, digitsOnlyHandlers } from '../shared/digits-input.ts';
import type { ZipAnswer } from '../shared/use-zip-lookup.ts';
import { AddressInput } from './address-input.tsx';
import { FieldRow } from './field-row.tsx';
import { MaskedPhoneInput } from './MaskedPhoneInput.tsx';
import type { AddressThenPhoneOptions } from './options.ts';
import type { PickedAddress } from './place.ts';
import { initialRevealState, transition } from './reveal-machine.ts';
import { StageButton } from './stage-button.tsx';
import { ADDRESS_FIELDS, useStepData, type Field, type StepData } from './step-data.ts';
import { useZipCheck, ZIP_LENGTH } from './use-zip-check.ts';

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
  const { data, latest } = useStepData(formData);
  // Lookups answer after renders: they reach the engine through the context of the latest render.
  const live = useLatest(context);
  const [{ placeShown, stage }, send] = useReducer(transition, data.street_address, initialRevealState);
  const loaderTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const alive = useRef(true);

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

  const showZipAnswer = (answer: ZipAnswer) => {
    if ('place' in answer) {
      live.current.setFieldError('zipcode', undefined);
      update({ city: answer.place.city, state: answer.place.state }, 'zipcode');
    } else {
      live.current.setFieldError('zipcode', answer.error);
      update({ city: undefined, state: undefined }, 'zipcode');
    }
  };
  // Restored city and state came from a lookup or a chosen place, so their ZIP was confirmed then.
  const restoredZip = data.city && data.state ? data.zipcode : undefined;
  const zipCheck = useZipCheck(context, options.zipNotFound, restoredZip, showZipAnswer);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(loaderTimer.current);
    };
  }, []);

  const changeZip = (text: string) => {
    const zip = digitsOf(text, ZIP_LENGTH);
    if (zip === (latest.current.zipcode ?? '')) return;
    zipCheck.forget();
    context.setFieldError('zipcode', undefined);
    update({ zipcode: zip || undefined }, 'zipcode');
    if (zip.length === ZIP_LENGTH) void zipCheck.lookUp(zip);
  };

  const pick = (address: PickedAddress) => {
    send({ type: 'addressPicked' });
    zipCheck.forget();
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
    if (address.zipcode.length === ZIP_LENGTH) void zipCheck.lookUp(address.zipcode);
  };

  const changeStreet = (text: string) => {
    send({ type: 'streetTyped', text });
    update({ street_address: text || undefined }, 'street_address');
  };

  const leaveStreet = () => {
    const street = latest.current.street_address;
    const trimmed = street?.trim();
    if (trimmed !== street) update({ street_address: trimmed || undefined }, 'street_address');
    onBlur(idOf('street_address'), trimmed);
  };

  /** Whether the address is complete with its ZIP confirmed; when not, its errors show and the focus goes to them. */
  const addressPasses = async (): Promise<boolean> => {
    context.touch(ADDRESS_FIELDS);
    await zipCheck.settle(() => latest.current.zipcode ?? '');
    if (!alive.current) return false;
    const now = latest.current;
    const confirmed = zipCheck.confirms(now.zipcode);
    // A ZIP that is too short already shows the schema's own message.
    if (!confirmed && now.zipcode?.length === ZIP_LENGTH) {
      live.current.setFieldError('zipcode', zipCheck.refusalOf(now.zipcode) ?? options.zipNotFound);
    }
    if (!confirmed || !ADDRESS_FIELDS.every((field) => now[field])) {
      // As Next does on other steps, the focus goes to what the visitor must fix first; city and state follow the ZIP.
      document.getElementById(idOf(now.street_address ? 'zipcode' : 'street_address'))?.focus();
      return false;
    }
    return true;
  };

  // One check at a time, and none once the address has passed.
  const reveal = async () => {
    if (stage !== 'address') return;
    send({ type: 'firstButtonPressed' });
    let passed = false;
    try {
      passed = await addressPasses();
    } finally {
      send({ type: passed ? 'addressPassed' : 'addressRefused' });
    }
    if (passed) loaderTimer.current = setTimeout(() => send({ type: 'loaderElapsed' }), options.loaderSeconds * 1000);
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
          placesApi={context.settings.placesApi}
          message={(key) => context.message(key)}
          locale={context.locale}
          input={{
            ...control('street_address'),
            value: data.street_address ?? '',
            onChange: (event) => changeStreet(event.target.value),
            onBlur: leaveStreet,
          }}
          onPick={pick}
        />,
      )}
      {placeShown && (
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
        {stage === 'loader' && (
          <>
            <span className="address-then-phone__spinner" aria-hidden="true" />
            {options.loaderText}
          </>
        )}
      </div>
      <StageButton stage={stage} labels={options} submitting={context.submitting} onFirstPress={() => void reveal()} />
    </div>
  );
}
