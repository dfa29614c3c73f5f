import { describe, expect, it } from "vitest";
import { clampToStep, formatRating, RATING_STEPS, ratingStepLabel, stepRating } from "./rating";

describe("RATING_STEPS", () => {
  it("is 0, half steps to 4.5, then tenths to 5.0, without float noise", () => {
    expect(RATING_STEPS).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 4.6, 4.7, 4.8, 4.9, 5]);
    expect(RATING_STEPS.map(String)).toContain("4.7");
  });
});

describe("ratingStepLabel", () => {
  it("shows 'Any' for 0 and one decimal otherwise", () => {
    expect(ratingStepLabel(0)).toBe("Any");
    expect(ratingStepLabel(0.5)).toBe("0.5");
    expect(ratingStepLabel(4)).toBe("4.0");
    expect(ratingStepLabel(4.7)).toBe("4.7");
    expect(ratingStepLabel(5)).toBe("5.0");
  });
});

describe("formatRating", () => {
  it("shows one decimal", () => {
    expect(formatRating("4.5")).toBe("4.5");
    expect(formatRating("4")).toBe("4.0");
    expect(formatRating(4.66)).toBe("4.7");
    expect(formatRating(0)).toBe("0.0");
  });

  it("gives null for a missing or non-numeric rating", () => {
    expect(formatRating(null)).toBeNull();
    expect(formatRating(undefined)).toBeNull();
    expect(formatRating("")).toBeNull();
    expect(formatRating("n/a")).toBeNull();
    expect(formatRating(Number.NaN)).toBeNull();
  });
});

describe("clampToStep", () => {
  it("keeps exact steps", () => {
    for (const step of RATING_STEPS) expect(clampToStep(step)).toBe(step);
    expect(clampToStep(4.6 + 0.1)).toBe(4.7); // 4.699999999999999
  });

  it("snaps down to the largest step not above the value", () => {
    expect(clampToStep(0.3)).toBe(0);
    expect(clampToStep(3.9)).toBe(3.5);
    expect(clampToStep(4.55)).toBe(4.5);
    expect(clampToStep(4.99)).toBe(4.9);
  });

  it("clamps out-of-range and non-numeric values", () => {
    expect(clampToStep(-1)).toBe(0);
    expect(clampToStep(7)).toBe(5);
    expect(clampToStep(Number.POSITIVE_INFINITY)).toBe(5);
    expect(clampToStep(Number.NaN)).toBe(0);
  });
});

describe("stepRating", () => {
  it("moves one listed step at a time: half steps, then tenths above 4.5", () => {
    expect(stepRating(0, 1)).toBe(0.5);
    expect(stepRating(4, 1)).toBe(4.5);
    expect(stepRating(4.5, 1)).toBe(4.6);
    expect(stepRating(4.6, -1)).toBe(4.5);
    expect(stepRating(4.5, -1)).toBe(4);
    expect(stepRating(0.5, -1)).toBe(0);
  });

  it("walks the whole list and stops at both ends", () => {
    const walked = [0];
    for (let i = 0; i < RATING_STEPS.length + 2; i++) walked.push(stepRating(walked[walked.length - 1], 1));
    expect(new Set(walked)).toEqual(new Set(RATING_STEPS));
    expect(stepRating(5, 1)).toBe(5);
    expect(stepRating(0, -1)).toBe(0);
  });

  it("snaps a value between steps before moving", () => {
    expect(stepRating(3.2, 1)).toBe(3.5); // 3.2 is 3.0 on the list
    expect(stepRating(3.2, -1)).toBe(2.5);
    expect(stepRating(4.65, 1)).toBe(4.7);
  });
});
