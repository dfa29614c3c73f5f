// The install's facts the privacy policy and the terms of use state: the operator's address, the providers a
// visitor's browser reaches (named from the configuration), the cookies and their lifetimes, and whether the
// operator added scripts of their own (Settings › Script Management) to the public pages.
import { SESSION_COOKIE, TOAST_COOKIE } from "~/auth/cookies.server";
import { getPageScripts } from "~/data/scripts.server";
import { SESSION_TTL_MS } from "~/data/sessions.server";
import { daysText, hostOf } from "~/domain/pages/legal";
import { LOCATION_COOKIE, LOCATION_COOKIE_MAX_AGE_S } from "~/domain/location/location";
import { env } from "~/env.server";
import { mapSetup } from "~/map.server";

export async function legalFacts() {
  const e = env();
  const map = mapSetup();
  const scripts = await getPageScripts();
  return {
    contactEmail: e.CONTACT_EMAIL ?? null,
    ipGeolocationHost: hostOf(e.IP_GEOLOCATION_URL),
    map:
      map.library === "mapbox"
        ? { provider: "Mapbox", host: "api.mapbox.com" }
        : { provider: null, host: hostOf(map.style) },
    locationCookie: { name: LOCATION_COOKIE, lifetime: daysText(LOCATION_COOKIE_MAX_AGE_S) },
    sessionCookie: { name: SESSION_COOKIE, lifetime: daysText(SESSION_TTL_MS / 1000) },
    toastCookie: TOAST_COOKIE,
    operatorScripts: scripts.headScripts.trim() !== "" || scripts.bodyScripts.trim() !== "",
  };
}

export type LegalFacts = Awaited<ReturnType<typeof legalFacts>>;
