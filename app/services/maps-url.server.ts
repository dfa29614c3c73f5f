// Google Maps URLs read for validation and coordinate sync (domain/data-quality/maps-url.ts), with short links
// (maps.app.goo.gl, goo.gl/maps) followed through the one safe HTTP helper as far as the first redirect to a full
// maps URL: that URL is read, and neither it nor any page body is fetched. The test-only private origins are those
// of the website check (services/website-check.server.ts).
import { env } from "~/env.server";
import { isFullMapsUrl, parseMapsUrl, type MapsUrl } from "~/domain/data-quality/maps-url";
import { httpRequest, HttpRequestError } from "./http.server";
import { isAllowedPrivateOrigin, type LinkCheckOptions } from "./website-check.server";

const SHORT_LINK_TIMEOUT_MS = 10_000;

/** A short link that could not be followed for a reason that may pass (timeout, network, the service's 5xx). */
export class MapsUrlUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MapsUrlUnavailable";
  }
}

/** The URL read; a short link first followed to the maps URL it stands for (throws MapsUrlUnavailable). */
export async function resolveMapsUrl(raw: string, options: LinkCheckOptions = {}): Promise<MapsUrl> {
  const parsed = parseMapsUrl(raw);
  if (parsed.kind !== "short") return parsed;
  const origins = options.allowPrivateOrigins ?? env().VALIDATION_ALLOW_PRIVATE_ORIGINS;
  try {
    const response = await httpRequest(parsed.url, {
      service: "maps_link",
      method: "GET",
      headersOnly: true,
      stopRedirect: isFullMapsUrl,
      timeoutMs: options.timeoutMs ?? SHORT_LINK_TIMEOUT_MS,
      allowPrivate: isAllowedPrivateOrigin(parsed.url, origins),
      resolve: options.resolve,
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const target = parseMapsUrl(new URL(location, response.url).href);
      if (target.kind !== "short") return target;
    }
    return { kind: "invalid", reason: "The short link leads to no Google Maps URL" };
  } catch (error) {
    if (!(error instanceof HttpRequestError)) throw error;
    const gone = error.reason === "status" && error.status !== undefined && error.status < 500 && error.status !== 429;
    if (gone || error.reason === "invalid_url" || error.reason === "too_many_redirects") {
      return { kind: "invalid", reason: `The short link leads to no Google Maps URL (${error.message})` };
    }
    throw new MapsUrlUnavailable(`The short link could not be followed: ${error.message}`, { cause: error });
  }
}
