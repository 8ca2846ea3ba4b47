/** The thank-you message: the content's template for the time of day, filled with the visitor's own details. */
import type { ThankYouSettings } from '../../contracts/api.ts';
import { capitalizeWords, escapeHtml, fillPlaceholders, formatUsPhone } from '../display/text.ts';
import { isWithinBusinessHours } from './business-hours.ts';

export interface Visitor {
  first_name: string;
  last_name: string;
  /** Ten digits. */
  phone: string;
}

/**
 * The template for this moment: the business-hours one inside the working hours (on a working day, in the settings'
 * time zone, Los Angeles by default), the other outside.
 */
export function templateFor(settings: ThankYouSettings, moment: Date): string {
  return isWithinBusinessHours(moment, settings.specify_business_hours)
    ? settings.business_hours_settings.template
    : settings.non_business_hours_settings.template;
}

/**
 * Fills {first_name}, {last_name} and {phone}: names capitalised, the phone as (xxx) xxx-xxxx, and every value
 * HTML-escaped, because the template is HTML and the values are what a visitor typed.
 */
export function fillThankYouTemplate(template: string, visitor: Visitor): string {
  return fillPlaceholders(template, {
    first_name: escapeHtml(capitalizeWords(visitor.first_name)),
    last_name: escapeHtml(capitalizeWords(visitor.last_name)),
    phone: escapeHtml(formatUsPhone(visitor.phone)),
  });
}
