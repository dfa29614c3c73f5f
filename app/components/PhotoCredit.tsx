// 'Photo by {name} on Unsplash' under a city image chosen from Unsplash, linking to the photographer and to
// Unsplash with the referral tags, as Unsplash's API guidelines ask (domain/taxonomy/city-image.ts). Nothing without a credit.
import { unsplashLink } from "~/domain/taxonomy/city-image";
import type { PhotoCredit as PhotoCreditOf } from "~/domain/activities/photos";
import { GoogleMapsAttribution } from "./GoogleMapsAttribution";

export function PhotoCredit({
  name,
  url,
  className = "",
}: {
  name: string | null | undefined;
  url: string | null | undefined;
  className?: string;
}) {
  if (!name || !url) return null;
  return (
    <figcaption className={`text-xs ${className}`}>
      Photo by{" "}
      <a href={unsplashLink(url)} target="_blank" rel="noopener noreferrer" className="underline">
        {name}
      </a>{" "}
      on{" "}
      <a href={unsplashLink()} target="_blank" rel="noopener noreferrer" className="underline">
        Unsplash
      </a>
    </figcaption>
  );
}

/**
 * 'Photo: {author}, {author} via Google Maps' with a Google photo, each author linked to their profile, as Google's
 * terms ask (domain/activities/photos.ts photoCredits), and Google's text attribution; the detail page and the cards. Nothing
 * without credits.
 */
export function GooglePhotoCredits({
  credits,
  className = "",
}: {
  credits: readonly PhotoCreditOf[] | undefined;
  className?: string;
}) {
  if (!credits || credits.length === 0) return null;
  return (
    <p className={className} data-photo-credit>
      Photo:{" "}
      {credits.map((c, i) => (
        <span key={`${c.displayName}-${i}`}>
          {i > 0 && ", "}
          {c.uri ? (
            <a href={c.uri} target="_blank" rel="noopener noreferrer" className="underline">
              {c.displayName}
            </a>
          ) : (
            c.displayName
          )}
        </span>
      ))}{" "}
      via <GoogleMapsAttribution />
    </p>
  );
}
