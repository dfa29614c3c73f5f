import { describe, expect, it } from "vitest";
import {
  jobAnswer,
  jobItemsCost,
  jobStatusPath,
  photoEnhancementResult,
  progressLine,
  readTally,
  tallyLine,
} from "./jobs";

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

describe("jobAnswer (GET /api/jobs/{id})", () => {
  const run = {
    id: "job-1",
    status: "completed",
    current: 2,
    total: 2,
    startedAt: new Date("2026-11-27T10:00:00Z"),
    finishedAt: new Date("2026-11-27T10:00:05Z"),
    createdAt: new Date("2026-11-27T09:59:59Z"),
    currentItem: null,
    error: null,
  };
  const item = { title: "A", googleRating: null, googleReviewCount: null, photoCount: null, error: null };

  it("answers Enhance Photos with the spec's processedCount, photosFound and estimatedCost", () => {
    const answer = jobAnswer(
      { ...run, kind: "enhance-photos", result: { processed: 2, found: 1, notFound: 1, photosFound: 3 } },
      {
        items: [
          { ...item, activityId: 7, success: true, outcome: "found", photoCount: 3 },
          { ...item, activityId: 8, success: false, outcome: "none", error: "nothing" },
        ],
        total: 2,
      },
      new Date(),
    );
    expect(answer).toMatchObject({
      finished: true,
      statusUrl: "/api/jobs/job-1",
      processedCount: 2,
      photosFound: 3,
      estimatedCost: "$0.08",
      resultsTotal: 2,
      results: [
        { activityId: 7, success: true, photoCount: 3 },
        { activityId: 8, success: false, photoCount: 0, error: "nothing" },
      ],
    });
  });

  it("answers Refresh Ratings with per-activity results and success flags, the rating as one decimal", () => {
    const answer = jobAnswer(
      { ...run, kind: "refresh-ratings", status: "running", result: { processed: 1, found: 1 } },
      {
        items: [{ ...item, activityId: 7, success: true, outcome: "found", googleRating: 4, googleReviewCount: 12 }],
        total: 1,
      },
      new Date(),
    );
    expect(answer).toMatchObject({
      finished: false,
      processedCount: 1,
      ratingsFound: 1,
      results: [{ activityId: 7, success: true, googleRating: "4.0", googleReviewCount: 12, error: null }],
    });
    expect(jobStatusPath("a b")).toBe("/api/jobs/a%20b");
  });
});
