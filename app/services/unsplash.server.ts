// The stock photo service's client (Unsplash API; issue #13): search photos for a city and record a download when
// one is chosen, as Unsplash's API guidelines require. UNSPLASH_ACCESS_KEY and UNSPLASH_BASE_URL come from the
// environment (tests point the base at tests/fakes/unsplash.ts). Through the one safe HTTP helper: a timeout and a
// body cap; a 429 or a 5xx is tried again after a pause (twice), anything else is an error at once.
import { z } from "zod";
import { env } from "~/env.server";
import type { StockPhoto } from "~/domain/taxonomy/city-image";
import { httpRequest, HttpRequestError, withRetries } from "./http.server";

const TIMEOUT_MS = 10_000;
const RETRY_DELAYS_MS = [500, 1500];

export type UnsplashFailure = "not_configured" | "rate_limited" | "failed";

export class UnsplashError extends Error {
  constructor(
    readonly reason: UnsplashFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "UnsplashError";
  }
}

export function unsplashConfigured(): boolean {
  return Boolean(env().UNSPLASH_ACCESS_KEY);
}

/** A GET to the configured service, with its key; retried on 429 and 5xx. */
async function get(url: string): Promise<unknown> {
  const key = env().UNSPLASH_ACCESS_KEY;
  if (!key) throw new UnsplashError("not_configured", "Unsplash is not configured");
  try {
    const response = await withRetries(
      () =>
        httpRequest(url, {
          service: "unsplash",
          headers: { Authorization: `Client-ID ${key}`, "Accept-Version": "v1", Accept: "application/json" },
          timeoutMs: TIMEOUT_MS,
          // The service's own configured address (a local fake in tests), never a user-supplied one.
          allowPrivate: true,
        }),
      RETRY_DELAYS_MS,
    );
    return response.json();
  } catch (error) {
    if (error instanceof HttpRequestError && error.status === 429) {
      throw new UnsplashError("rate_limited", "Unsplash's request limit is reached; try again later", { cause: error });
    }
    throw new UnsplashError("failed", error instanceof Error ? error.message : String(error), { cause: error });
  }
}

const photoSchema = z.object({
  id: z.string().max(100),
  description: z.string().nullish(),
  alt_description: z.string().nullish(),
  urls: z.object({ regular: z.url(), small: z.url() }),
  user: z.object({ name: z.string().max(200), links: z.object({ html: z.url() }) }),
  links: z.object({ download_location: z.url() }),
});

const searchSchema = z.object({ results: z.array(photoSchema) });

function toStockPhoto(photo: z.infer<typeof photoSchema>): StockPhoto {
  return {
    id: photo.id,
    url: photo.urls.regular,
    thumbUrl: photo.urls.small,
    description: (photo.alt_description ?? photo.description ?? "").slice(0, 300),
    photographer: photo.user.name,
    photographerUrl: photo.user.links.html,
    downloadLocation: photo.links.download_location,
  };
}

function baseUrl(path: string, params: Record<string, string> = {}): string {
  const url = new URL(path, `${env().UNSPLASH_BASE_URL.replace(/\/+$/, "")}/`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/** Landscape photos for `query`, best first. */
export async function searchPhotos(query: string, perPage: number): Promise<StockPhoto[]> {
  const body = await get(baseUrl("search/photos", { query, orientation: "landscape", per_page: String(perPage) }));
  const parsed = searchSchema.safeParse(body);
  if (!parsed.success) throw new UnsplashError("failed", "Unsplash answered in an unexpected shape");
  return parsed.data.results.map(toStockPhoto);
}

/** One photo by its id (the picker posts the id, so the credit comes from Unsplash, not from the form). */
export async function getPhoto(id: string): Promise<StockPhoto> {
  const parsed = photoSchema.safeParse(await get(baseUrl(`photos/${encodeURIComponent(id)}`)));
  if (!parsed.success) throw new UnsplashError("failed", "Unsplash answered in an unexpected shape");
  return toStockPhoto(parsed.data);
}

/**
 * Tells Unsplash the photo was chosen (its guidelines: call `links.download_location` when a photo is used). Only
 * a URL on the configured service is called, whatever the answer that gave it said.
 */
export async function trackDownload(photo: StockPhoto): Promise<void> {
  const location = new URL(photo.downloadLocation);
  if (location.origin !== new URL(env().UNSPLASH_BASE_URL).origin) {
    throw new UnsplashError("failed", "The photo's download link is not on Unsplash's API");
  }
  await get(location.href);
}
