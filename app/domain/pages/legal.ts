// What the privacy policy and the terms of use say about the running install (issue #27: the pages Google Maps
// Platform's terms require, naming what is stored and sent where). The words are the pages'; the facts are these.

/** The text when CONTACT_EMAIL is unset. */
export const CONTACT_NOT_CONFIGURED = "How to reach the operator of this site is not configured yet.";

/** Google's documents the pages name (Places API policies: the terms bind users to Google's, the policy cites Google's). */
export const GOOGLE_TERMS_URL = "https://policies.google.com/terms";
export const GOOGLE_MAPS_TERMS_URL = "https://maps.google.com/help/terms_maps/";
export const GOOGLE_PRIVACY_URL = "https://policies.google.com/privacy";

/** The host a visitor's browser talks to for a configured URL ('ipapi.co' for 'https://ipapi.co/json/'). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Whole days in a lifetime given in seconds ('30 days', '1 day'). */
export function daysText(seconds: number): string {
  const days = Math.round(seconds / 86_400);
  return `${days} ${days === 1 ? "day" : "days"}`;
}
