import './zip-lookup.css';
import { useEffect, useEffectEvent, useState } from 'react';
import type { ZipPlace } from '../../engine/api/client.ts';
import type { ValueWidgetProps } from '../../engine/widget-contract.ts';
import type { ZipLookupOptions } from './options.ts';
import { digitsOf, digitsOnlyHandlers } from '../shared/digits-input.ts';
import { useZipLookup, type ZipAnswer } from '../shared/use-zip-lookup.ts';
import { FieldLabel, inputAttributes } from '../shared/field-parts.tsx';

type Props = ValueWidgetProps<ZipLookupOptions>;

const ZIP_LENGTH = 5;
const WHOLE_ZIP = /^\d{5}$/;
const PLACE_PARTS = ['city', 'state', 'zipcode'] as const;

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

  const lookup = useZipLookup(context, options.notFound);

  // The form context is new on every render; reading it through effect events keeps the lookup tied to the ZIP alone.
  const forget = useEffectEvent(() => {
    setPlace(undefined);
    context.setFieldError(name, undefined);
  });
  const lookUp = useEffectEvent((zip: string) => lookup.lookUp(zip));
  const cancel = useEffectEvent(() => lookup.cancel());
  // The answers the options name for the place's parts: its values, or none when the ZIP code was refused.
  const saved = (place: ZipPlace | undefined) =>
    Object.fromEntries(
      PLACE_PARTS.flatMap((part) => {
        const answerName = options.save?.[part];
        return answerName ? [[answerName, place?.[part]]] : [];
      }),
    );
  const answer = useEffectEvent((found: ZipAnswer) => {
    if ('place' in found) {
      setPlace(fill(options.found, found.place));
      context.save(saved(found.place));
    } else {
      context.setFieldError(name, found.error);
      context.save(saved(undefined));
    }
  });

  useEffect(() => {
    forget();
    if (!WHOLE_ZIP.test(zip)) return;
    // Once the ZIP has changed (or the widget left), a late answer is about a ZIP the visitor no longer has: the
    // lookup is cancelled and answers nothing.
    void lookUp(zip).then((found) => {
      if (found) answer(found);
    });
    return () => cancel();
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
