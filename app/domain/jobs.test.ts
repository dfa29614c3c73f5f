import { describe, expect, it } from "vitest";
import { jobItemsCost, photoEnhancementResult, progressLine, readTally, tallyLine } from "./jobs";

const now = new Date("2026-11-23T12:00:00Z");

describe("progressLine", () => {
  it("shows current, total, percent and the time left at the pace so far", () => {
    const startedAt = new Date(now.getTime() - 30_000);
    expect(progressLine({ kind: "refresh-ratings", status: "running", current: 10, total: 40, startedAt, now })).toBe(
      "Running: 10 of 40 (25%), about 1m 30s left",
    );
  });
  it("estimates 2 s an item before any is done (admin §9)", () => {
    expect(
      progressLine({ kind: "refresh-ratings", status: "running", current: 0, total: 40, startedAt: now, now }),
    ).toBe("Running: 0 of 40 (0%), about 1m 20s left");
  });
  it("names the other states", () => {
    const p = { kind: "enhance-photos" as const, current: 3, total: 5, startedAt: null, now };
    expect(progressLine({ ...p, status: "queued" })).toBe("Queued: 5 to do");
    expect(progressLine({ ...p, status: "completed" })).toBe("Completed: 3 of 5");
    expect(progressLine({ ...p, status: "failed" })).toBe("Stopped: 3 of 5");
    expect(progressLine({ ...p, status: "cancelled" })).toBe("Cancelled: 3 of 5");
  });
});

describe("tallies", () => {
  it("reads a stored result defensively", () => {
    expect(readTally({ processed: 2, found: "x", calls: -1 })).toEqual({
      processed: 2,
      found: 0,
      notFound: 0,
      failed: 0,
      calls: 0,
      photosFound: 0,
    });
  });
  it("says what was done and spent", () => {
    const t = { processed: 3, found: 2, notFound: 1, failed: 0, calls: 4, photosFound: 5 };
    expect(tallyLine("refresh-ratings", t)).toBe("2 rated, 1 without a rating, 0 failed; 4 Google calls.");
    expect(tallyLine("enhance-photos", t)).toBe(
      "2 with photos (5 photos), 1 without photos, 0 failed; 4 Google calls.",
    );
  });
});

describe("photoEnhancementResult (admin §3 'Photo enhancement result')", () => {
  it("gives processedCount, photosFound and the estimated cost at about $0.04 an activity", () => {
    const tally = readTally({ processed: 25, found: 20, photosFound: 57 });
    expect(photoEnhancementResult(tally)).toEqual({ processedCount: 25, photosFound: 57, estimatedCost: "$1.00" });
    expect(photoEnhancementResult(readTally(null))).toEqual({
      processedCount: 0,
      photosFound: 0,
      estimatedCost: "$0.00",
    });
  });
});

describe("jobItemsCost", () => {
  it("prices photo fetches and the paid checks as their confirmations do, and nothing else", () => {
    expect(jobItemsCost("enhance-photos", 10)).toBe(0.4);
    expect(jobItemsCost("validate", 1000, "location")).toBe(5);
    expect(jobItemsCost("validate", 1000, "business")).toBe(17);
    expect(jobItemsCost("validate", 1000, "website")).toBe(0);
    expect(jobItemsCost("refresh-ratings", 1000)).toBe(0);
  });
});
