// The Google Places client against the local fake that speaks the same protocol (tests/fakes/google-places.ts):
// field masks, the location bias, 429 then success, 500, nothing found, a timeout, a refused key.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlacesClient, PlacesError, placesFindPlace, type PlacesClient } from "~/services/google-places.server";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { rejectionOf } from "../helpers/rejection";

let fake: FakePlaces;
let client: PlacesClient;

beforeAll(async () => {
  fake = await startFakePlaces();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  client = createPlacesClient({ apiKey: fake.apiKey, baseUrl: fake.url, backoffMs: 5, timeoutMs: 5000 });
  fake.addPlace(
    {
      id: "ChIJparthenon",
      displayName: "The Parthenon",
      location: { latitude: 36.1497, longitude: -86.8133 },
      rating: 4.7,
      userRatingCount: 12345,
    },
    4,
  );
});

const search = {
  text: "The Parthenon, 2500 West End Ave, Nashville",
  near: { lat: 36.1497, lng: -86.8133 },
  radiusMiles: 60,
};

const failure = (promise: Promise<unknown>) => rejectionOf(promise, PlacesError);

describe("Text Search", () => {
  it("asks for the rating fields only, with the key in a header and biased to the activity's coordinates", async () => {
    const place = await client.searchText(search, "rating");
    expect(place).toEqual({
      id: "ChIJparthenon",
      rating: 4.7,
      userRatingCount: 12345,
      photos: [],
      location: null,
      formattedAddress: null,
      businessStatus: null,
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/places:searchText");
    expect(request.apiKey).toBe(fake.apiKey);
    expect(request.fieldMask).toBe("places.id,places.rating,places.userRatingCount");
    expect(request.body).toEqual({
      textQuery: search.text,
      pageSize: 1,
      locationBias: { circle: { center: { latitude: 36.1497, longitude: -86.8133 }, radius: 50_000 } },
    });
  });

  it("reads photos with their credits when the photo fields are asked for, and nothing else", async () => {
    const place = await client.searchText(search, "photos");
    expect(fake.requests[0].fieldMask).toBe("places.id,places.photos");
    expect(place?.rating).toBeNull();
    expect(place?.photos).toHaveLength(4);
    expect(place?.photos[0]).toEqual({
      name: "places/ChIJparthenon/photos/ref-1",
      widthPx: 4032,
      heightPx: 3024,
      authorAttributions: [{ displayName: "Photographer 1", uri: "https://maps.google.com/maps/contrib/1000" }],
    });
  });

  it("answers null when Google finds nothing (an empty answer)", async () => {
    expect(await client.searchText({ ...search, text: "Nowhere in particular" }, "rating")).toBeNull();
  });

  it("tries again after a 429 and succeeds", async () => {
    fake.fail(429, 2);
    expect((await client.searchText(search, "rating"))?.rating).toBe(4.7);
    expect(fake.requests).toHaveLength(3);
    expect(client.calls).toBe(3);
  });

  it("reports a spent quota when 429 lasts beyond the retries", async () => {
    fake.fail(429, 3);
    expect((await failure(client.searchText(search, "rating"))).failure).toBe("quota");
    expect(fake.requests).toHaveLength(3);
  });

  it("reports a 500 that lasts as unavailable, after retrying it", async () => {
    fake.fail(500, 3);
    const error = await failure(client.searchText(search, "rating"));
    expect(error.failure).toBe("unavailable");
    expect(error.status).toBe(500);
    expect(fake.requests).toHaveLength(3);
  });

  it("does not retry a refused key", async () => {
    const wrongKey = createPlacesClient({ apiKey: "wrong", baseUrl: fake.url, backoffMs: 5 });
    expect((await failure(wrongKey.searchText(search, "rating"))).failure).toBe("rejected");
    expect(fake.requests).toHaveLength(1);
  });

  it("gives up at the deadline without retrying", async () => {
    fake.delayMs = 300;
    const slow = createPlacesClient({ apiKey: fake.apiKey, baseUrl: fake.url, backoffMs: 5, timeoutMs: 100 });
    expect((await failure(slow.searchText(search, "rating"))).failure).toBe("unavailable");
    expect(fake.requests).toHaveLength(1);
  });
});

describe("Place Details and photo media", () => {
  it("reads a known place by id with the details field mask", async () => {
    const place = await client.placeDetails("ChIJparthenon", "rating");
    expect(place?.rating).toBe(4.7);
    expect(fake.requests[0]).toMatchObject({
      method: "GET",
      path: "/v1/places/ChIJparthenon",
      fieldMask: "id,rating,userRatingCount",
    });
  });

  it("answers null for a place id Google no longer knows", async () => {
    expect(await client.placeDetails("ChIJgone", "rating")).toBeNull();
  });

  it("asks for a photo's address at the width shown, without a redirect", async () => {
    const uri = await client.photoUri("places/ChIJparthenon/photos/ref-2", 1200);
    expect(uri).toBe(`${fake.url}/photo-content/ChIJparthenon-ref-2=w1200`);
    expect(fake.requests[0].path).toBe(
      "/v1/places/ChIJparthenon/photos/ref-2/media?maxWidthPx=1200&skipHttpRedirect=true",
    );
  });

  it("refuses a photo name of another shape without calling Google", async () => {
    await failure(client.photoUri("../../etc/passwd", 1200));
    expect(fake.requests).toHaveLength(0);
  });
});

describe("data quality's place lookup", () => {
  it("asks for the location only, by the known id, else by a search round the activity", async () => {
    fake.places.get("ChIJparthenon")!.businessStatus = "OPERATIONAL";
    const findPlace = placesFindPlace(client)!;
    const query = { placeId: null, text: search.text, near: search.near, radiusMiles: 60 };
    expect(await findPlace({ ...query, want: "location" })).toEqual({
      id: "ChIJparthenon",
      location: { latitude: 36.1497, longitude: -86.8133 },
      businessStatus: null,
      formattedAddress: null,
    });
    expect(fake.requests[0].fieldMask).toBe("places.id,places.location,places.formattedAddress");
    expect(await findPlace({ ...query, placeId: "ChIJparthenon", want: "businessStatus" })).toMatchObject({
      businessStatus: "OPERATIONAL",
      location: null,
    });
    expect(fake.requests[1]).toMatchObject({ path: "/v1/places/ChIJparthenon", fieldMask: "id,businessStatus" });
    expect(await findPlace({ ...query, text: "Nowhere", want: "location" })).toBeNull();
  });

  it("is absent without a client (not configured)", () => {
    expect(placesFindPlace(null)).toBeNull();
  });
});
