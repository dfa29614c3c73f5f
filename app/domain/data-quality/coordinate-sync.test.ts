import { describe, expect, it } from "vitest";
import {
  coordinateSync,
  coordinateSyncResults,
  formatCoords,
  formatMiles,
  moreChangesLine,
  syncMessage,
} from "./coordinate-sync";
import { previewList } from "./validation";

const ryman = { id: 7, title: "Ryman Auditorium", latitude: 36.1612, longitude: -86.7785 };

describe("coordinateSync", () => {
  it("updates an activity whose maps URL points elsewhere, with the distance and both pairs", () => {
    expect(coordinateSync(ryman, { lat: 36.1589, lng: -86.7744 })).toEqual({
      kind: "update",
      activityId: 7,
      title: "Ryman Auditorium",
      distance: 0.28,
      currentCoords: [36.1612, -86.7785],
      mapsCoords: [36.1589, -86.7744],
    });
  });

  it("leaves one within 0.01 mile unchanged", () => {
    expect(coordinateSync(ryman, { lat: 36.16121, lng: -86.77851 })).toMatchObject({
      kind: "unchanged",
      activityId: 7,
    });
    expect(coordinateSync(ryman, { lat: 36.1612, lng: -86.7785 })).toEqual({
      kind: "unchanged",
      activityId: 7,
      distance: 0,
    });
  });

  it("fails when the URL names no usable point", () => {
    expect(coordinateSync(ryman, null)).toEqual({
      kind: "failed",
      activityId: 7,
      title: "Ryman Auditorium",
      reason: "The Google Maps URL names no coordinates",
    });
    expect(coordinateSync(ryman, { lat: 0, lng: 0 }).kind).toBe("failed");
    expect(coordinateSync(ryman, null, "The short link could not be followed").kind).toBe("failed");
  });

  it("updates invalid current coordinates, with no distance to show", () => {
    const broken = { ...ryman, latitude: 0, longitude: 0 };
    expect(coordinateSync(broken, { lat: 36.1612, lng: -86.7785 })).toMatchObject({ kind: "update", distance: null });
  });
});

describe("coordinateSyncResults", () => {
  it("counts total, updated, unchanged and failed, and lists the updates", () => {
    const items = [
      coordinateSync(ryman, { lat: 36.1589, lng: -86.7744 }),
      coordinateSync({ ...ryman, id: 8 }, { lat: 36.1612, lng: -86.7785 }),
      coordinateSync({ ...ryman, id: 9 }, null),
    ];
    const results = coordinateSyncResults(items);
    expect(results).toMatchObject({ total: 3, updated: 1, unchanged: 1, failed: 1 });
    expect(results.updates).toEqual([
      {
        activityId: 7,
        title: "Ryman Auditorium",
        distance: 0.28,
        currentCoords: [36.1612, -86.7785],
        mapsCoords: [36.1589, -86.7744],
      },
    ]);
  });

  it("shows coordinates to 4 decimals, distances in miles, and the line under the first 10", () => {
    expect(formatCoords([36.16120221, -86.7784624])).toBe("36.1612, -86.7785");
    expect([formatMiles(0.28), formatMiles(1), formatMiles(12.345), formatMiles(null)]).toEqual([
      "0.28 miles",
      "1 mile",
      "12.35 miles",
      "—",
    ]);
    const updates = Array.from({ length: 14 }, (_, i) => i);
    expect(moreChangesLine(previewList(updates).more)).toBe("... and 4 more");
  });
});

describe("syncMessage", () => {
  const results = { total: 3, updated: 2, unchanged: 1, failed: 0, updates: [] };
  it("says a preview changed nothing, and what an update changed", () => {
    expect(syncMessage(true, results)).toBe("Preview: 2 activities would be updated (nothing was changed)");
    expect(syncMessage(false, { ...results, updated: 1 })).toBe("Updated coordinates of 1 activity");
  });
});
