/**
 * Under every step: the form's promises, on the steps that collect contact details the consent the visitor gives by
 * submitting (the exact text the lead's consent evidence records), and, to a visitor whose browser sends the opt-out
 * preference signal, that it was honoured.
 */
import type { ReactNode } from 'react';
import type { InterfaceContent } from '../content/types.ts';
import { FundedIcon, LockIcon, ShieldIcon } from './icons.tsx';
import { useOptOutSignal } from '../third-party/opt-out-signal.ts';

export interface FormPromises {
  encrypted: string;
  noCreditImpact: string;
  funded: string;
}

export function FormFooter({
  promises,
  words,
  consent,
}: {
  promises: FormPromises;
  /** The footer's own words, in the page's language. */
  words: InterfaceContent['formFooter'];
  consent: string | undefined;
}) {
  const items: [ReactNode, string][] = [
    [<LockIcon key="lock" />, promises.encrypted],
    [<ShieldIcon key="shield" />, promises.noCreditImpact],
    [<FundedIcon key="funded" />, promises.funded],
  ];
  if (useOptOutSignal()) items.push([<ShieldIcon key="signal" />, words.signalHonored]);
  return (
    <div className="form-footer">
      <ul className="form-footer__promises">
        {items.map(([icon, text]) => (
          <li key={text}>
            {icon}
            <span>{text}</span>
          </li>
        ))}
      </ul>
      {consent !== undefined && (
        <section className="form-footer__consent" aria-label={words.consent}>
          <p>{consent}</p>
        </section>
      )}
    </div>
  );
}
