/**
 * Every widget flows can use, with what the tools know of each (summary, options schema, example, verbatim options):
 * the flow checks, flow.schema.json and the marketer guide's reference, the flow studio's generated editor and the
 * server's .generated/widget-info.json read this list. The page never imports it (its list is index.ts): these
 * descriptions would otherwise ride in its first script. The same widgets as index.ts, in the same order.
 */
import type { ListedWidget } from '../engine/widget-contract.ts';
import { addressThenPhoneInfo } from './address-then-phone/address-then-phone.info.ts';
import { choiceInfo } from './choice/choice.info.ts';
import { currencyInfo } from './currency/currency.info.ts';
import { offersInfo } from './offers/offers.info.ts';
import { searchingTimelineInfo } from './searching-timeline/searching-timeline.info.ts';
import { selectInfo } from './select/select.info.ts';
import { sliderInfo } from './slider/slider.info.ts';
import { textInfo } from './text/text.info.ts';
import { thankYouInfo } from './thank-you/thank-you.info.ts';
import { yearSelectInfo } from './year-select/year-select.info.ts';
import { zipLookupInfo } from './zip-lookup/zip-lookup.info.ts';

export const widgets: readonly ListedWidget[] = [
  choiceInfo,
  sliderInfo,
  selectInfo,
  currencyInfo,
  offersInfo,
  textInfo,
  yearSelectInfo,
  zipLookupInfo,
  thankYouInfo,
  addressThenPhoneInfo,
  searchingTimelineInfo,
];
