// The city image actions against the Unsplash fake (tests/fakes/unsplash.ts) and a real database: the request the
// client sends, retries on 429 and 5xx, the credit stored with a chosen photo, the download tracked, and the
// not-configured answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CITY_IMAGE_MESSAGES } from "~/domain/taxonomy/city-image";
import { reloadEnv } from "~/env.server";
import { cityImageOptions, fetchCityImage, setCityImage } from "~/workflows/city-images.server";
import { FAKE_UNSPLASH_KEY, startFakeUnsplash, type FakeUnsplash } from "../fakes/unsplash";
import { cityRow } from "../helpers/factories";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("migrated");
let unsplash: FakeUnsplash;
const saved = { ...process.env };

function configure(key: string | undefined) {
  if (key) process.env.UNSPLASH_ACCESS_KEY = key;
  else delete process.env.UNSPLASH_ACCESS_KEY;
  process.env.UNSPLASH_BASE_URL = unsplash.url;
  reloadEnv();
}

beforeAll(async () => {
  unsplash = await startFakeUnsplash();
  await database.prisma.city.create({ data: cityRow("austin", { displayName: "Austin", state: "Texas" }) });
  configure(FAKE_UNSPLASH_KEY);
});
afterEach(() => {
  unsplash.requests.length = 0;
  unsplash.setPhotoCount(3);
  configure(FAKE_UNSPLASH_KEY);
});
afterAll(async () => {
  process.env = saved;
  reloadEnv();
  await unsplash?.close();
});

const city = () => database.prisma.city.findUniqueOrThrow({ where: { id: "austin" } });

describe("Fetch Image", () => {
  it("searches landscape photos of the city, stores the first with its credit and records the download", async () => {
    const outcome = await fetchCityImage("austin");
    expect(outcome.ok).toBe(true);
    expect(unsplash.requests[0]).toBe("GET /search/photos?query=Austin+Texas&orientation=landscape&per_page=1");
    expect(unsplash.requests).toContain("GET /photos/photo-1/download");
    expect(await city()).toMatchObject({
      featuredImageUrl: "https://images.unsplash.example/photo-1?w=1080",
      featuredImageCreditName: "Photographer 1",
      featuredImageCreditUrl: "https://unsplash.com/@photographer1",
    });
  });

  it("tries again after a 429 or a 500, and gives up with the spec's message after three", async () => {
    unsplash.failNext(429, 2);
    expect((await fetchCityImage("austin")).ok).toBe(true);
    unsplash.failNext(500, 3);
    const outcome = await fetchCityImage("austin");
    expect(outcome).toMatchObject({ ok: false, reason: "refused" });
    expect(!outcome.ok && "message" in outcome && outcome.message).toMatch(/^Failed to set featured image: /);
  });

  it("says when the search finds nothing, and when the service is not configured", async () => {
    unsplash.setPhotoCount(0);
    expect(await fetchCityImage("austin")).toMatchObject({ message: CITY_IMAGE_MESSAGES.noImages("Austin") });
    configure(undefined);
    expect(await fetchCityImage("austin")).toMatchObject({ message: CITY_IMAGE_MESSAGES.notConfigured });
    expect(unsplash.requests.filter((r) => r.startsWith("GET /search"))).toHaveLength(1);
  });

  it("answers not-found for a city that does not exist", async () => {
    expect(await fetchCityImage("atlantis")).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("Browse Images and the choice", () => {
  it("lists up to 12 photos, and an empty list when there are none", async () => {
    const options = await cityImageOptions("austin");
    expect(options.ok && options.value.photos.map((p) => p.id)).toEqual(["photo-1", "photo-2", "photo-3"]);
    expect(unsplash.requests[0]).toContain("per_page=12");
    unsplash.setPhotoCount(0);
    const none = await cityImageOptions("austin");
    expect(none.ok && none.value.photos).toEqual([]);
  });

  it("takes a chosen photo's URL and credit from Unsplash, not from the form", async () => {
    expect((await setCityImage("austin", { photoId: "photo-2" })).ok).toBe(true);
    expect(await city()).toMatchObject({
      featuredImageUrl: "https://images.unsplash.example/photo-2?w=1080",
      featuredImageCreditName: "Photographer 2",
    });
    expect(unsplash.requests).toEqual(["GET /photos/photo-2", "GET /photos/photo-2/download"]);
    expect(await setCityImage("austin", { photoId: "photo-99" })).toMatchObject({ ok: false, reason: "refused" });
  });

  it("stores an API client's image URL without a credit", async () => {
    expect((await setCityImage("austin", { imageUrl: "https://example.com/austin.jpg" })).ok).toBe(true);
    expect(await city()).toMatchObject({
      featuredImageUrl: "https://example.com/austin.jpg",
      featuredImageCreditName: null,
    });
  });
});
