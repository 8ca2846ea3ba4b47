/**
 * Every widget flows can use, as the page renders them: name, what each serves, component. Adding a widget: its
 * folder, then one line here and one in info.ts, which holds what the tools know of each and which the page never
 * imports.
 */
import type { PageWidget } from '../engine/widget-contract.ts';
import { addressThenPhone } from './address-then-phone/address-then-phone.widget.ts';
import { choice } from './choice/choice.widget.ts';
import { currency } from './currency/currency.widget.ts';
import { offers } from './offers/offers.widget.ts';
import { searchingTimeline } from './searching-timeline/searching-timeline.widget.ts';
import { select } from './select/select.widget.ts';
import { slider } from './slider/slider.widget.ts';
import { text } from './text/text.widget.ts';
import { thankYou } from './thank-you/thank-you.widget.ts';
import { yearSelect } from './year-select/year-select.widget.ts';
import { zipLookup } from './zip-lookup/zip-lookup.widget.ts';

export const widgets: readonly PageWidget[] = [
  choice,
  slider,
  select,
  currency,
  offers,
  text,
  yearSelect,
  zipLookup,
  thankYou,
  addressThenPhone,
  searchingTimeline,
];
