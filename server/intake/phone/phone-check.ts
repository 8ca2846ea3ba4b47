/**
 * Phone checks behind one interface, so a paid lookup service can replace the offline check by configuration.
 * The page accepts a number whose status is 'connected' or 'connected-75' (spec section 5).
 */
import { isValidPhoneNumber } from 'libphonenumber-js';

export interface PhoneCheck {
  /** The status of a 10-digit US number, e.g. 'connected'. */
  status(phone: string): Promise<string>;
}

/**
 * The offline check: the number plan says whether the number can exist (area code, exchange, fictional 555
 * numbers). It cannot know whether a line is connected, so every valid number is reported 'connected'.
 */
export const offlinePhoneCheck: PhoneCheck = {
  async status(phone) {
    return isValidPhoneNumber(phone, 'US') ? 'connected' : 'invalid';
  },
};
