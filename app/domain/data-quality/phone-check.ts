// Phone validation (admin §2 'Phone Validation', §4 phoneStatus): the number read with the activity's country by
// libphonenumber-js. A number that does not parse is still stored (issue #24: Data Quality flags it, a write never
// refuses it); the activity form's hint under the field (activity-form.ts phoneHint) uses this same test, so the
// form warns about exactly the numbers Phone Validation lists as `invalid_format`.
//
// The normalised form offered is the international format ('+1 615 254 1600', extension kept as ' ext. 12'):
// it dials from anywhere, reads like a phone number on the page, and parses back to the same E.164. It is only
// offered (phoneNormalized); the activity's number changes only when the administrator accepts it.
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { countryCode } from "../activities/countries";
import type { PhoneStatus } from "./validation";

export interface PhoneCheck {
  phoneStatus: PhoneStatus;
  /** The number as E.164 (+16152541600), or null when it cannot be read. */
  e164: string | null;
  /** The international format when it differs from what is stored; null otherwise. */
  phoneNormalized: string | null;
}

function parse(number: string, country: string) {
  return parsePhoneNumberFromString(number.trim(), { defaultCountry: countryCode(country) });
}

export function checkPhone(number: string, country: string): PhoneCheck {
  const phone = parse(number, country);
  if (!phone || !phone.isValid())
    return { phoneStatus: "invalid_format", e164: phone?.number ?? null, phoneNormalized: null };
  const international = phone.formatInternational();
  return {
    phoneStatus: "valid_format",
    e164: phone.number,
    phoneNormalized: international === number.trim() ? null : international,
  };
}

/**
 * The number to store when the administrator accepts the offered form: the offer, if the stored number is still
 * the same number (same E.164); null when it was edited since the check, so an old offer never overwrites it.
 */
export function acceptedPhone(current: string | null, offered: string | null, country: string): string | null {
  if (!current || !offered) return null;
  const now = parse(current, country);
  const then = parse(offered, country);
  if (!now || !then || !now.isValid() || now.number !== then.number || now.ext !== then.ext) return null;
  return offered;
}
