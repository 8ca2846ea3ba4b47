import './offers.css';
import type { DisplayProps } from '../../engine/widget-contract.ts';
import type { OffersOptions } from './options.ts';

type Props = DisplayProps<OffersOptions>;

export function Offers({ options }: Props) {
  return (
    <ul className="offers">
      {options.offers.map((offer) => (
        <li key={offer.title} className="offers__item">
          <h3 className="offers__title">{offer.title}</h3>
          <p>{offer.text}</p>
        </li>
      ))}
    </ul>
  );
}
