import './offers.css';
import type { DisplayProps } from '../../engine/widget-contract.ts';
import type { OffersOptions } from './options.ts';

type Props = DisplayProps<OffersOptions>;

/** The mouse button that opens a link in a new tab without a click event (the middle one). */
const MIDDLE_BUTTON = 1;

export function Offers({ options, context }: Props) {
  return (
    <ul className="offers">
      {options.offers.map((offer) => (
        <li key={offer.id} className="offers__item">
          <h3 className="offers__title">{offer.title}</h3>
          <p>{offer.text}</p>
          {/* The link is exactly the flow file's, tracking parameters included; the partner learns nothing else about
              the visitor, not even this page's address (docs/decisions/027-offer-links.md). */}
          <a
            className="offers__link"
            href={offer.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => context.reportOffer(offer.id)}
            onAuxClick={(event) => {
              if (event.button === MIDDLE_BUTTON) context.reportOffer(offer.id);
            }}
          >
            {offer.linkText} <span className="visually-hidden">{options.newTab}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
