// 'Photo by {name} on Unsplash' under a city image chosen from Unsplash, linking to the photographer and to
// Unsplash with the referral tags, as Unsplash's API guidelines ask (domain/city-image.ts). Nothing without a credit.
import { unsplashLink } from "~/domain/city-image";

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
