// The IP geolocation service's client (public-site §4 "Home location flow", step 2; §8 "Third-party"). Unlike the
// other clients here it runs in the visitor's browser, on purpose: the service locates the address that calls
// it. Called from the server it would find the server's data centre for every visitor — or, handed the visitor's
// address, spend one shared quota for all of them (ipapi.co's free tier counts per calling address). So it has no
// .server suffix and does not use http.server.ts; the URL is IP_GEOLOCATION_URL from the environment, which the
// home loader hands to the page (tests point it at tests/fakes/ip-geolocation.ts).
import type { LatLng } from "~/domain/location/geo";
import { ipGeolocationErrorMessage, parseIpGeolocation } from "~/domain/location/geolocation";

// Past it the visitor keeps the san-antonio sections the server rendered, as on any failure.
const TIMEOUT_MS = 10_000;

/** The visitor's position by their IP address; null when the answer has no usable coordinates. */
export async function locateByIp(url: string): Promise<LatLng | null> {
  const response = await fetch(url, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(ipGeolocationErrorMessage(response.status));
  return parseIpGeolocation(await response.json());
}
