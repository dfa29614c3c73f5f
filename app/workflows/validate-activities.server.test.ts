import { describe, expect, it } from "vitest";
import type { FindPlace, LocatedActivity } from "~/domain/data-quality/location-check";
import { checkBusinessStatus, checkLocation, KeyedLimiter } from "./validate-activities.server";

describe("KeyedLimiter", () => {
  it("runs at most `total` tasks at once and at most `perKey` for one key, and runs them all", async () => {
    const limiter = new KeyedLimiter(4, 2);
    const running = new Map<string, number>();
    let now = 0;
    let peak = 0;
    const peakPerKey = new Map<string, number>();
    const task = (key: string) => async () => {
      now++;
      running.set(key, (running.get(key) ?? 0) + 1);
      peak = Math.max(peak, now);
      peakPerKey.set(key, Math.max(peakPerKey.get(key) ?? 0, running.get(key)!));
      await new Promise((resolve) => setTimeout(resolve, 5)); // the task's own work, overlapping the others
      running.set(key, running.get(key)! - 1);
      now--;
      return key;
    };
    const keys = ["a", "a", "a", "a", "a", "b", "b", "c", "d", "e"];
    const done = await Promise.all(keys.map((key) => limiter.run(key, task(key))));
    expect(done).toEqual(keys);
    expect(peak).toBe(4);
    expect(Math.max(...peakPerKey.values())).toBe(2);
  });

  it("passes a task's failure on and keeps going", async () => {
    const limiter = new KeyedLimiter(1, 1);
    const failed = limiter.run("a", async () => {
      throw new Error("boom");
    });
    const next = limiter.run("a", async () => "next");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("next");
  });
});

const activity: LocatedActivity = {
  title: "Ryman Auditorium",
  address: null,
  state: "Tennessee",
  latitude: 36.1612,
  longitude: -86.7785,
  googlePlaceId: "ChIJ-ryman",
  city: { displayName: "Nashville", centerLatitude: 36.1627, centerLongitude: -86.7816, radius: 60 },
};

describe("checkLocation and checkBusinessStatus over a find-place function", () => {
  it("asks for the place's location and compares", async () => {
    const asked: Parameters<FindPlace>[0][] = [];
    const findPlace: FindPlace = async (query) => {
      asked.push(query);
      return { id: "ChIJ-ryman", location: { latitude: 36.1612, longitude: -86.7785 } };
    };
    expect(await checkLocation(activity, findPlace)).toEqual({
      locationAccuracy: "location_verified",
      locationDistance: 0,
    });
    expect(asked).toEqual([
      {
        placeId: "ChIJ-ryman",
        text: "Ryman Auditorium, Nashville, Tennessee",
        near: { lat: 36.1612, lng: -86.7785 },
        radiusMiles: 60,
        want: "location",
      },
    ]);
  });

  it("does not ask (or pay) for coordinates that are unusable or out of range", async () => {
    const findPlace: FindPlace = async () => {
      throw new Error("should not be asked");
    };
    expect(await checkLocation({ ...activity, latitude: "n/a" }, findPlace)).toEqual({
      locationAccuracy: "invalid_coordinates",
      locationDistance: null,
    });
    expect(await checkLocation({ ...activity, latitude: 40.7128, longitude: -74.006 }, findPlace)).toEqual({
      locationAccuracy: "out_of_range",
      locationDistance: null,
    });
  });

  it("reads the business status of the place found", async () => {
    const findPlace: FindPlace = async (query) =>
      query.want === "businessStatus" ? { businessStatus: "CLOSED_PERMANENTLY" } : null;
    expect(await checkBusinessStatus(activity, findPlace)).toEqual({ businessStatus: "CLOSED_PERMANENTLY" });
    expect(await checkBusinessStatus(activity, async () => null)).toEqual({ businessStatus: "NOT_FOUND" });
  });
});
