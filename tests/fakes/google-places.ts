// A local stand-in for the Google Places API (New), speaking the same protocol as the real one for the three calls
// the app makes: POST /v1/places:searchText, GET /v1/places/{id} and GET /v1/{photo name}/media. Like Google it
// wants the key in X-Goog-Api-Key (403 otherwise) and a field mask on search and details (400 without one), and
// answers only the fields the mask names. Tests add places, queue failures (429, 500) and read the requests made.
// The photoUri a media call answers is on this server too, as Google's is on its photo host (no key needed there),
// and serves a real JPEG of the asked width, which the site's photo service draws.
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export interface FakePlace {
  id: string;
  /** Matched (case-insensitively) against the text query: a place is found when the query contains its name. */
  displayName: string;
  location: { latitude: number; longitude: number };
  rating?: number;
  userRatingCount?: number;
  businessStatus?: string;
  photos?: {
    name: string;
    widthPx: number;
    heightPx: number;
    authorAttributions: { displayName: string; uri: string }[];
  }[];
}

export interface FakePlacesRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  fieldMask: string | undefined;
  body: unknown;
}

export interface FakePlaces {
  url: string;
  apiKey: string;
  places: Map<string, FakePlace>;
  requests: FakePlacesRequest[];
  /** The next `times` requests answer `status` (Google's error body) instead of their result. */
  fail(status: 429 | 500 | 503, times?: number): void;
  /** Answers are held this long first (timeouts). */
  delayMs: number;
  /** Holds every answer (once its request is recorded) until the returned function is called. */
  hold(): () => void;
  /** The photo downloads (photoUri fetches) made, by path: not API calls, so not in `requests`. */
  photoDownloads: string[];
  /** Adds a place with `photoCount` photos, each credited to a photographer. */
  addPlace(place: Omit<FakePlace, "photos">, photoCount?: number): FakePlace;
  /** The GOOGLE_PLACES_* variables that point a server at this fake. */
  env(): Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, message: string) {
  sendJson(res, status, { error: { code: status, message, status: STATUS_NAMES[status] ?? "UNKNOWN" } });
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return body;
}

/** The place with only the fields `mask` names (comma-separated; '*' is every field), as Google answers it. */
function masked(place: FakePlace, mask: string[]): Record<string, unknown> {
  const full: Record<string, unknown> = {
    id: place.id,
    name: `places/${place.id}`,
    displayName: { text: place.displayName, languageCode: "en" },
    location: place.location,
    rating: place.rating,
    userRatingCount: place.userRatingCount,
    businessStatus: place.businessStatus,
    photos: place.photos?.length ? place.photos : undefined,
  };
  if (mask.includes("*")) return JSON.parse(JSON.stringify(full)) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of mask) if (full[field] !== undefined) out[field] = full[field];
  return out;
}

const jpegs = new Map<number, Promise<Buffer>>();

/** A JPEG `width` pixels wide (4:3), a sky-blue field: what a photo download answers. */
function photoJpeg(width: number): Promise<Buffer> {
  let jpeg = jpegs.get(width);
  if (!jpeg) {
    const height = Math.max(1, Math.round((width * 3) / 4));
    jpeg = sharp({ create: { width, height, channels: 3, background: { r: 91, g: 143, b: 208 } } })
      .jpeg()
      .toBuffer();
    jpegs.set(width, jpeg);
  }
  return jpeg;
}

export async function startFakePlaces(): Promise<FakePlaces> {
  let failures: number[] = [];
  let held: Promise<void> | undefined;

  const fake: FakePlaces = {
    url: "",
    apiKey: "fake-places-key",
    places: new Map(),
    requests: [],
    photoDownloads: [],
    delayMs: 0,
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    fail(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    addPlace(place, photoCount = 0) {
      const full: FakePlace = {
        ...place,
        photos: Array.from({ length: photoCount }, (_, i) => ({
          name: `places/${place.id}/photos/ref-${i + 1}`,
          widthPx: 4032,
          heightPx: 3024,
          authorAttributions: [
            {
              displayName: `Photographer ${i + 1}`,
              uri: `https://maps.google.com/maps/contrib/${1000 + i}`,
            },
          ],
        })),
      };
      fake.places.set(place.id, full);
      return full;
    },
    env: () => ({ GOOGLE_PLACES_API_KEY: fake.apiKey, GOOGLE_PLACES_BASE_URL: fake.url }),
    reset() {
      fake.places.clear();
      fake.requests.length = 0;
      fake.photoDownloads.length = 0;
      fake.delayMs = 0;
      failures = [];
      held = undefined;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const content = /^\/photo-content\/[^/]+=w(\d+)$/.exec(url.pathname);
    if (req.method === "GET" && content) {
      fake.photoDownloads.push(url.pathname);
      const body = await photoJpeg(Number(content[1]));
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": body.length });
      return res.end(body);
    }
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const apiKey = req.headers["x-goog-api-key"] as string | undefined;
    const maskHeader = req.headers["x-goog-fieldmask"] as string | undefined;
    fake.requests.push({
      method: req.method ?? "",
      path: `${url.pathname}${url.search}`,
      apiKey,
      fieldMask: maskHeader,
      body,
    });
    if (held) await held;
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (apiKey !== fake.apiKey) return sendError(res, 403, "The provided API key is invalid.");
    const failure = failures.shift();
    if (failure) return sendError(res, failure, failure === 429 ? "Quota exceeded." : "Internal error encountered.");
    const mask = (maskHeader ?? "")
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean);

    if (req.method === "POST" && url.pathname === "/v1/places:searchText") {
      if (mask.length === 0) return sendError(res, 400, "FieldMask is a required parameter.");
      if (mask.some((f) => f !== "*" && !f.startsWith("places."))) {
        return sendError(res, 400, "Field mask paths must start with 'places.'");
      }
      const query = (body as { textQuery?: unknown } | undefined)?.textQuery;
      if (typeof query !== "string" || query.trim() === "") return sendError(res, 400, "Empty text query.");
      const found = [...fake.places.values()].filter((p) => query.toLowerCase().includes(p.displayName.toLowerCase()));
      const fields = mask.includes("*") ? ["*"] : mask.map((f) => f.slice("places.".length));
      // Google answers {} (no 'places' at all) when nothing matches.
      return sendJson(res, 200, found.length ? { places: found.map((p) => masked(p, fields)) } : {});
    }

    const media = /^\/v1\/places\/([^/]+)\/photos\/([^/]+)\/media$/.exec(url.pathname);
    if (req.method === "GET" && media) {
      const place = fake.places.get(decodeURIComponent(media[1]));
      const name = `places/${media[1]}/photos/${media[2]}`;
      const width = Number(url.searchParams.get("maxWidthPx"));
      if (!Number.isInteger(width) || width < 1 || width > 4800) return sendError(res, 400, "maxWidthPx out of range.");
      if (!place?.photos?.some((p) => p.name === name)) return sendError(res, 404, "Photo not found.");
      const photoUri = `${fake.url}/photo-content/${media[1]}-${media[2]}=w${width}`;
      if (url.searchParams.get("skipHttpRedirect") === "true") return sendJson(res, 200, { name, photoUri });
      res.writeHead(302, { Location: photoUri });
      return res.end();
    }

    const details = /^\/v1\/places\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && details) {
      if (mask.length === 0) return sendError(res, 400, "FieldMask is a required parameter.");
      const place = fake.places.get(decodeURIComponent(details[1]));
      if (!place) return sendError(res, 404, `Place '${details[1]}' not found.`);
      return sendJson(res, 200, masked(place, mask));
    }
    sendError(res, 404, "Not found.");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
