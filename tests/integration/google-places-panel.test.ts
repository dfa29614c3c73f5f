// The Settings tab's Google Places Integration panel data: configured or not (never the key), and what is stored.
import { beforeAll, expect, it } from "vitest";
import { reloadEnv } from "~/env.server";
import { googlePlacesPanelData } from "~/routes/admin/settings/google-places-panel.server";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { activityRow, cityRow } from "../helpers/factories";

const database = databaseForTheseTests("migrated");

beforeAll(async () => {
  await database.prisma.city.create({ data: cityRow("panelville") });
  await database.prisma.activity.createMany({
    data: [
      activityRow("panelville", "Rated", { googlePlaceId: "P1", googleRating: 4.5 }),
      activityRow("panelville", "Pictured", { googlePlaceId: "P2", googlePhotos: ["https://lh3.example/p.jpg"] }),
      activityRow("panelville", "Unknown"),
    ],
  });
});

it("counts what the places service stored and says whether it is configured, without the key", async () => {
  const before = process.env.GOOGLE_PLACES_API_KEY;
  let data: Awaited<ReturnType<typeof googlePlacesPanelData>>;
  try {
    delete process.env.GOOGLE_PLACES_API_KEY;
    reloadEnv();
    expect((await googlePlacesPanelData()).configured).toBe(false);
    process.env.GOOGLE_PLACES_API_KEY = "fake-places-key";
    reloadEnv();
    data = await googlePlacesPanelData();
  } finally {
    if (before === undefined) delete process.env.GOOGLE_PLACES_API_KEY;
    else process.env.GOOGLE_PLACES_API_KEY = before;
    reloadEnv();
  }
  expect(data.counts).toEqual({ total: 3, withPlace: 2, rated: 1, withPhotos: 1 });
  expect(data.configured).toBe(true);
  expect(data.endpoint).toBe("places.googleapis.com");
  expect(data.fieldMasks.rating).toBe("places.id,places.rating,places.userRatingCount");
  expect(JSON.stringify(data)).not.toContain("fake-places-key");
});
