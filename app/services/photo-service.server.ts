// The photo service (issue #13: the card and detail pages keep their Lighthouse scores with real photos). Another
// site's photo — Google's, a custom or an imported one — is fetched once, drawn at the size a page asks for (one of
// domain/activities/photos.ts PHOTO_WIDTHS in the card's or the detail page's shape) and re-encoded as AVIF or WebP (JPEG for
// a client that takes neither, see photoFormat), then kept in memory. A phone gets every photo over the connection
// it already has to this site, at a third to a half of the bytes of Google's JPEG; the original host sees one
// fetch per photo and process instead of one per visitor.
//
// The source address comes from the database, so it is fetched as a user-supplied URL (private addresses refused,
// http.server.ts), except on the configured Google Places origin (GOOGLE_PLACES_BASE_URL: the tests' fake serves
// its photos there). Only pictures are decoded (JPEG, PNG, WebP, GIF, AVIF/HEIF, TIFF: never SVG, whose renderer
// may follow links), up to PHOTO_MAX_PIXELS.
import sharp from "sharp";
import { photoServiceEvents } from "~/metrics.server";
import { photoBox, type PhotoFormat, type PhotoSize } from "~/domain/activities/photos";
import { env } from "~/env.server";
import { HttpRequestError, httpRequest, withRetries } from "./http.server";

export interface DrawnPhoto {
  body: Buffer<ArrayBuffer>;
  contentType: string;
}

/** The photo could not be fetched, or what came is not a picture: the route answers 502. */
export class PhotoUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PhotoUnavailableError";
  }
}

const PHOTO_TIMEOUT_MS = 10_000;
const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The most pixels a source may have (a 50-megapixel photo is 8,660 × 5,773): a decompression bomb stops here. */
const PHOTO_MAX_PIXELS = 50_000_000;
/** One more try after a 429 or 5xx from the photo's host. */
const PHOTO_RETRY_DELAYS_MS = [500];
const DECODED_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp", "gif", "heif", "tiff"]);
/** Memory for drawn photos per process: about 1,000 card photos (a 800-pixel WebP is 20–60 KB). */
export const PHOTO_CACHE_BUDGET_BYTES = 32 * 1024 * 1024;
/**
 * Quality settings: WebP at 72 looks as Google's JPEG does at about half its bytes; AVIF at 50 as the WebP does at
 * 10–45% fewer bytes again. AVIF's fastest encoder effort, 0, draws an 800-pixel photo in 35–41 ms on these cores,
 * as fast as WebP (effort 2 took 71–139 ms for 0–4% fewer bytes, the default 4 took 0.7–1.4 s): the first visitor
 * to ask for a photo waits for its drawing.
 */
const AVIF = { quality: 50, effort: 0 };
const WEBP_QUALITY = 72;
const JPEG_QUALITY = 78;

// The service keeps its own results; libvips' operation cache would hold decoded sources as well. One thread per
// picture: photos are drawn beside page renders on the same cores.
sharp.cache(false);
sharp.concurrency(1);

/** How long a photo that could not be loaded is not asked for again (a broken address on a busy page). */
const FAILURE_MEMORY_MS = 60_000;

/**
 * Memory for fetched sources per process: every variant of a photo (18: three formats by the widths and shapes the
 * pages use) is drawn from one fetch of its source, not one fetch each. Google's photos at the sizes asked are
 * 100–400 KB.
 */
export const ORIGINALS_BUDGET_BYTES = 48 * 1024 * 1024;

/**
 * A map held within a byte budget, least recently used dropped first (a Map iterates in insertion order, so a hit
 * is moved to the end); a value larger than an eighth of the budget is not kept.
 */
function byteBudget<V>(budgetBytes: number, sizeOf: (value: V) => number) {
  const entries = new Map<string, V>();
  let bytes = 0;
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    keep(key: string, value: V): void {
      if (sizeOf(value) > budgetBytes / 8 || entries.has(key)) return;
      entries.set(key, value);
      bytes += sizeOf(value);
      for (const [oldest, old] of entries) {
        if (bytes <= budgetBytes) break;
        entries.delete(oldest);
        bytes -= sizeOf(old);
      }
    },
  };
}

const kept = byteBudget<DrawnPhoto>(PHOTO_CACHE_BUDGET_BYTES, (photo) => photo.body.length);
const originals = byteBudget<Buffer>(ORIGINALS_BUDGET_BYTES, (body) => body.length);
const fetching = new Map<string, Promise<Buffer>>();
const drawing = new Map<string, Promise<DrawnPhoto>>();
const failed = new Map<string, { until: number; error: PhotoUnavailableError }>();

/** A source's bytes: kept from an earlier fetch, or one fetch shared by everyone who asks meanwhile. */
function original(source: string, trustedOrigin: string): Promise<Buffer> {
  const hit = originals.get(source);
  if (hit) return Promise.resolve(hit);
  let pending = fetching.get(source);
  if (!pending) {
    pending = fetchOriginal(source, trustedOrigin).finally(() => fetching.delete(source));
    fetching.set(source, pending);
    pending.then(
      (body) => originals.keep(source, body),
      () => {},
    );
  }
  return pending;
}

/**
 * The photo at `source` drawn at `size` (cropped to its shape about the centre; never enlarged, see photoBox) in
 * `format`: from memory when it was drawn before; one fetch and one drawing for requests that ask at the same
 * time; a failure is remembered a minute.
 */
export function drawPhoto(
  source: string,
  size: PhotoSize,
  format: PhotoFormat,
  /** The one private origin the source may be on (default: GOOGLE_PLACES_BASE_URL's, see above). */
  trustedOrigin: string = new URL(env().GOOGLE_PLACES_BASE_URL).origin,
): Promise<DrawnPhoto> {
  const key = `${format} ${size.width}x${size.height} ${source}`;
  const hit = kept.get(key);
  if (hit) return Promise.resolve(hit);
  const failure = failed.get(key);
  if (failure && failure.until > Date.now()) return Promise.reject(failure.error);
  failed.delete(key);
  let pending = drawing.get(key);
  if (!pending) {
    pending = draw(source, size, format, trustedOrigin).finally(() => drawing.delete(key));
    drawing.set(key, pending);
    pending.then(
      (photo) => kept.keep(key, photo),
      (error: unknown) => {
        if (error instanceof PhotoUnavailableError) failed.set(key, { until: Date.now() + FAILURE_MEMORY_MS, error });
      },
    );
  }
  return pending;
}

async function fetchOriginal(source: string, trustedOrigin: string): Promise<Buffer> {
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    throw new PhotoUnavailableError("The photo's address is not a URL");
  }
  try {
    const answer = await withRetries(
      () =>
        httpRequest(source, {
          service: "photo_source",
          headers: { accept: "image/avif,image/webp,image/*;q=0.8" },
          timeoutMs: PHOTO_TIMEOUT_MS,
          maxBytes: PHOTO_MAX_BYTES,
          allowPrivate: origin === trustedOrigin,
        }),
      PHOTO_RETRY_DELAYS_MS,
    );
    return answer.body;
  } catch (error) {
    if (!(error instanceof HttpRequestError)) throw error;
    throw new PhotoUnavailableError(`The photo at ${origin} could not be fetched (${error.reason})`, { cause: error });
  }
}

async function draw(source: string, size: PhotoSize, format: PhotoFormat, trustedOrigin: string): Promise<DrawnPhoto> {
  const bytes = await original(source, trustedOrigin);
  try {
    const picture = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS });
    const metadata = await picture.metadata();
    const found = metadata.format;
    if (!found || !DECODED_FORMATS.has(found)) throw new Error(`${found ?? "unknown"} is not a photo format`);
    // Turned as the camera recorded it (EXIF orientation), then narrowed and cropped to the shape.
    const box = photoBox(metadata.autoOrient, size);
    const drawn = picture.rotate().resize({ ...box, fit: "cover" });
    const encoded =
      format === "avif"
        ? drawn.avif(AVIF)
        : format === "webp"
          ? drawn.webp({ quality: WEBP_QUALITY })
          : drawn.jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
    const body = await encoded.toBuffer();
    photoServiceEvents.inc({ event: "drawn" });
    return { body, contentType: `image/${format}` };
  } catch (error) {
    throw new PhotoUnavailableError(`The photo at ${new URL(source).origin} is not a picture that can be drawn`, {
      cause: error,
    });
  }
}
