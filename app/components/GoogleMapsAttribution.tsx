import { GOOGLE_MAPS_ATTRIBUTION } from "~/domain/places/attribution";

/**
 * The 'Google Maps' text attribution beside content from the Places API (domain/places/attribution.ts): never translated
 * (translate="no") or wrapped, 12 px in Roboto or the system's sans-serif, grey #5E5E5E (the .google-maps-attribution
 * rule in app.css). `data-google-attribution` lets the tests find it.
 */
export function GoogleMapsAttribution({ className = "" }: { className?: string }) {
  return (
    <span translate="no" className={`google-maps-attribution ${className}`.trim()} data-google-attribution>
      {GOOGLE_MAPS_ATTRIBUTION}
    </span>
  );
}
