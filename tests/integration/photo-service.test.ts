// The photo service (services/photo-service.server.ts) against a local photo host: the fake Places server's photo
// downloads, and pictures that are not photos. Sizes and shapes, formats, memory, one fetch for requests at the same
// time, and the refusals: another private address, an SVG, a failed fetch (remembered). Then the route that serves
// them, /photos/{id}/{width}x{height}, on the seed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoSize, photoVersion, type PhotoWidth } from "~/domain/activities/photos";
import { reloadEnv } from "~/env.server";
import { loader as photo } from "~/routes/public/photo";
import { drawPhoto, PhotoUnavailableError } from "~/services/photo-service.server";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { routeArgs } from "../helpers/route-args";
import { rejectionOf } from "../helpers/rejection";

let fake: FakePlaces;
let other: http.Server;
let otherUrl = "";
const otherHits: string[] = [];

beforeAll(async () => {
  fake = await startFakePlaces();
  // A second host: an SVG and a 404, on an origin the service does not trust.
  other = http.createServer((req, res) => {
    otherHits.push(req.url ?? "");
    if (req.url === "/drawing.svg") {
      res.writeHead(200, { "Content-Type": "image/svg+xml" });
      return res.end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.close();
  other.closeAllConnections();
  await new Promise((resolve) => other.close(resolve));
});

const trusted = () => new URL(fake.url).origin;
const card = (width: PhotoWidth) => photoSize(width, "card");
const detail = (width: PhotoWidth) => photoSize(width, "detail");

const failure = (promise: Promise<unknown>) => rejectionOf(promise, PhotoUnavailableError);

describe("drawPhoto", () => {
  it("draws the photo at the size asked, cropped to its shape, as AVIF, WebP or JPEG, never enlarged", async () => {
    // The fake's photo is 800 × 600 (4:3).
    const source = `${fake.url}/photo-content/draw-1=w800`;
    const avif = await drawPhoto(source, card(400), "avif", trusted());
    expect(avif.contentType).toBe("image/avif");
    // libvips reads AVIF as HEIF with AV1 compression.
    expect(await sharp(avif.body).metadata()).toMatchObject({ format: "heif", compression: "av1", width: 400 });
    const webp = await drawPhoto(source, card(400), "webp", trusted());
    expect(webp.contentType).toBe("image/webp");
    expect(await sharp(webp.body).metadata()).toMatchObject({ format: "webp", width: 400, height: 250 });
    const jpeg = await drawPhoto(source, detail(800), "jpeg", trusted());
    expect(jpeg.contentType).toBe("image/jpeg");
    expect(await sharp(jpeg.body).metadata()).toMatchObject({ format: "jpeg", width: 800, height: 450 });
    // Wider than the photo: the largest box of the shape inside it.
    const wide = await drawPhoto(source, detail(1200), "webp", trusted());
    expect(await sharp(wide.body).metadata()).toMatchObject({ width: 800, height: 450 });
  });

  it("keeps what it drew, and fetches once for requests that ask at the same time", async () => {
    const source = `${fake.url}/photo-content/draw-2=w800`;
    const before = fake.photoDownloads.length;
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => drawPhoto(source, card(800), "webp", trusted())));
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await drawPhoto(source, card(800), "webp", trusted())).toBe(a);
    expect(fake.photoDownloads.length - before).toBe(1);
  });

  it("draws every variant of a photo from one fetch of its source", async () => {
    const source = `${fake.url}/photo-content/draw-4=w800`;
    const before = fake.photoDownloads.length;
    const sizes = [card(400), card(800), detail(800), detail(1200)];
    for (const format of ["avif", "webp", "jpeg"] as const) {
      await Promise.all(sizes.map((size) => drawPhoto(source, size, format, trusted())));
    }
    expect(fake.photoDownloads.length - before).toBe(1);
  });

  it("refuses a private address that is not the configured Places origin, and remembers a failure a while", async () => {
    const error = await failure(
      drawPhoto(`${fake.url}/photo-content/draw-3=w800`, card(400), "webp", "https://x.test"),
    );
    expect(error.message).toMatch(/could not be fetched \(refused_address\)/);
    await failure(drawPhoto(`${otherUrl}/missing.jpg`, card(400), "webp", otherUrl));
    await failure(drawPhoto(`${otherUrl}/missing.jpg`, card(400), "webp", otherUrl));
    expect(otherHits.filter((url) => url === "/missing.jpg")).toHaveLength(1);
  });

  it("draws only photo formats: an SVG is refused", async () => {
    const error = await failure(drawPhoto(`${otherUrl}/drawing.svg`, card(400), "webp", otherUrl));
    expect(error.message).toMatch(/not a picture that can be drawn/);
    await failure(drawPhoto("not a url", card(400), "webp", otherUrl));
  });
});

describe("/photos/{id}/{width}x{height}", () => {
  const database = databaseForTheseTests("seeded");
  let id = 0;
  const full = () => `${fake.url}/photo-content/route-1=w1200`;
  const copy = () => `${fake.url}/photo-content/route-1=w800`;
  beforeAll(async () => {
    process.env.GOOGLE_PLACES_BASE_URL = fake.url;
    reloadEnv();
    const row = await database.prisma.activity.findFirstOrThrow({ orderBy: { id: "asc" } });
    id = row.id;
    await database.prisma.activity.update({
      where: { id },
      data: { googlePhotos: [full()], googleCardPhoto: copy(), photoSource: "original", customPhotoUrl: null },
    });
  });
  afterAll(async () => {
    delete process.env.GOOGLE_PLACES_BASE_URL;
    reloadEnv();
  });

  /** What Chromium asks for an image with. */
  const CHROME = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
  const get = (path: string, params: { id: string; size: string }, accept = "image/webp,*/*") =>
    photo(routeArgs(`http://localhost${path}`, params, { headers: { Accept: accept } }));

  it("sends Google's photo at the width asked, kept 30 days at its current version (the Places terms' limit)", async () => {
    const answer = await get(`/photos/${id}/800x500?v=${photoVersion(copy())}`, { id: String(id), size: "800x500" });
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=2592000",
      vary: "Accept",
    });
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({ width: 800, height: 500 });
    // A browser that names AVIF gets it.
    const avif = await get(
      `/photos/${id}/800x450?v=${photoVersion(copy())}`,
      { id: String(id), size: "800x450" },
      CHROME,
    );
    expect(avif.headers.get("content-type")).toBe("image/avif");
    // The full size is drawn from the full-size source; a client without WebP gets JPEG.
    const jpeg = await get(
      `/photos/${id}/1200x675?v=${photoVersion(full())}`,
      { id: String(id), size: "1200x675" },
      "*/*",
    );
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 675 });
  });

  it("sends the current photo for a while under an outdated version", async () => {
    const answer = await get(`/photos/${id}/400x250?v=old`, { id: String(id), size: "400x250" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=300, stale-while-revalidate=300");
  });

  it("answers 404 for a size it does not draw, an id of no activity or one without another site's photo", async () => {
    const other = await database.prisma.activity.findFirstOrThrow({ where: { id: { not: id } }, select: { id: true } });
    for (const params of [
      { id: String(id), size: "800" },
      { id: String(id), size: "500x250" },
      { id: String(id), size: "800x600" },
      { id: String(id), size: "800x500x1" },
      { id: String(id), size: "80000x50000" },
      { id: "0", size: "800x500" },
      { id: "abc", size: "800x500" },
      { id: "99999999999", size: "800x500" },
      { id: "2147483647", size: "800x500" },
      { id: String(other.id), size: "800x500" },
    ]) {
      const answer = await get(`/photos/${params.id}/${params.size}`, params);
      expect(answer.status, JSON.stringify(params)).toBe(404);
    }
  });

  it("answers 502 when the photo cannot be loaded", async () => {
    await database.prisma.activity.update({
      where: { id },
      data: { googlePhotos: [`${fake.url}/nothing-here.jpg`], googleCardPhoto: null },
    });
    const answer = await get(`/photos/${id}/400x250`, { id: String(id), size: "400x250" });
    expect(answer.status).toBe(502);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });
});
