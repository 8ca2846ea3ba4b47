import './zip-lookup.css';
import { useEffect, useEffectEvent, useState } from 'react';
import type { ZipPlace } from '../../engine/api/client.ts';
import { OUTSIDE_SERVED_AREA, zipArea } from '../../engine/served-area.ts';
import type { ValueWidgetProps } from '../../engine/widget-contract.ts';
import type { ZipLookupOptions } from './options.ts';
import { digitsOf, digitsOnlyHandlers } from '../shared/digits-input.ts';
import { FieldLabel, inputAttributes } from '../shared/field-parts.tsx';

type Props = ValueWidgetProps<ZipLookupOptions>;

const ZIP_LENGTH = 5;
const WHOLE_ZIP = /^\d{5}$/;

function fill(template: string, place: ZipPlace): string {
  return template.replace(/\{(city|state|zipcode)\}/g, (_, part: keyof ZipPlace) => place[part]);
}

/**
 * A ZIP code input that looks the ZIP up once it has five digits: a known ZIP shows its place and saves the parts the
 * options name; an unknown one, or one outside the served area (a US territory's), shows an error that blocks Next.
 */
export function ZipLookup(props: Props) {
  const { id, name, options, value, label, hideLabel, placeholder, onChange, onBlur, onFocus } = props;
  const context = props.registry.formContext;
  const zip = typeof value === 'string' ? value : '';
  const [place, setPlace] = useState<string>();

  // The form context is new on every render; reading it through effect events keeps the lookup tied to the ZIP alone.
  const forget = useEffectEvent(() => {
    setPlace(undefined);
    context.setFieldError(name, undefined);
  });
  const setBusy = useEffectEvent((busy: boolean) => context.setBusy(busy));
  const lookUp = useEffectEvent((zip: string) => context.api.lookupZip(zip));
  const answer = useEffectEvent((zip: string, found: ZipPlace | null) => {
    const parts = Object.entries(options.save ?? {});
    const area = zipArea(zip, found?.state);
    if (found && area === 'served') {
      setPlace(fill(options.found, found));
      context.save(Object.fromEntries(parts.map(([part, answerName]) => [answerName, found[part as keyof ZipPlace]])));
    } else {
      context.setFieldError(name, area === 'outside' ? context.message(OUTSIDE_SERVED_AREA) : options.notFound);
      context.save(Object.fromEntries(parts.map(([, answerName]) => [answerName, undefined])));
    }
  });

  useEffect(() => {
    forget();
    if (!WHOLE_ZIP.test(zip)) return;
    // Whichever comes first settles this lookup: its answer, or the ZIP changing (or the widget leaving) before it.
    // Once the ZIP has changed, a late answer is about a ZIP the visitor no longer has and must not show.
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      setBusy(false);
      return true;
    };
    setBusy(true);
    lookUp(zip).then(
      (found) => {
        if (settle()) answer(zip, found);
      },
      // The server could not be reached: the visitor can still go on, the ZIP's own checks still apply.
      () => settle(),
    );
    return () => {
      settle();
    };
  }, [zip]);

  const change = (text: string) => {
    const digits = digitsOf(text, ZIP_LENGTH);
    onChange(digits === '' ? undefined : digits);
  };


  return (
    <div className="zip-lookup">
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input
        type="text"
        inputMode="numeric"
        value={zip}
        maxLength={ZIP_LENGTH}
        autoComplete={options.autocomplete}
        placeholder={placeholder || undefined}
        {...inputAttributes(props)}
        onChange={(event) => change(event.target.value)}
        {...digitsOnlyHandlers(ZIP_LENGTH, change)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <p className="zip-lookup__place" role="status">
        {place}
      </p>
    </div>
  );
}
