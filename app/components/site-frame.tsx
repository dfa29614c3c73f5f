// What the frame of every public page (the header and the footer, components/PublicFrame.tsx) shows of the
// configuration: the brand and the header's two external links. Not loader data: a 404 thrown by a middleware (an
// unknown '/{cityId}'), a failing root loader or a database that is down leave the root's loader data empty, and
// the error page must still have the whole frame. The server provides it around the app (entry.server.tsx) and
// writes it into the document as a JSON data block, which the browser reads before hydrating (entry.client.tsx).
import { createContext, useContext } from "react";
import { DEFAULT_BRAND } from "~/domain/seo/social-meta";

export type SiteFrame = {
  brand: string;
  /** The header's 'Explore Places' and 'Travel Lists' (public-site §1). */
  explorePlacesUrl: string;
  travelListsUrl: string;
};

export const SITE_FRAME_ID = "site-frame";

const SiteFrameContext = createContext<SiteFrame | null>(null);

export const SiteFrameProvider = SiteFrameContext.Provider;

/** The frame's settings from the checked environment (app/env.server.ts). */
export function siteFrameOf(e: {
  BRAND_NAME: string;
  EXPLORE_PLACES_URL: string;
  TRAVEL_LISTS_URL: string;
}): SiteFrame {
  return { brand: e.BRAND_NAME, explorePlacesUrl: e.EXPLORE_PLACES_URL, travelListsUrl: e.TRAVEL_LISTS_URL };
}

/** The frame's settings; without a provider (a test rendering a component alone) the brand alone, and no links. */
export function useSiteFrame():
  SiteFrame | { brand: string; explorePlacesUrl?: undefined; travelListsUrl?: undefined } {
  return useContext(SiteFrameContext) ?? { brand: DEFAULT_BRAND };
}

/** The settings as an inert JSON data block (`<` escaped, so no value can close the element). */
export function SiteFrameData() {
  const frame = useContext(SiteFrameContext);
  if (!frame) return null;
  return (
    <script
      type="application/json"
      id={SITE_FRAME_ID}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(frame).replace(/</g, "\\u003c") }}
    />
  );
}

/** The settings the server wrote into the document (null when it wrote none). */
export function readSiteFrame(doc: Document): SiteFrame | null {
  const text = doc.getElementById(SITE_FRAME_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SiteFrame>;
    return typeof value.brand === "string" &&
      typeof value.explorePlacesUrl === "string" &&
      typeof value.travelListsUrl === "string"
      ? { brand: value.brand, explorePlacesUrl: value.explorePlacesUrl, travelListsUrl: value.travelListsUrl }
      : null;
  } catch {
    return null;
  }
}
