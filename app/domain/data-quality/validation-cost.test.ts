import { describe, expect, it } from "vitest";
import {
  batchCount,
  estimatedTimeRemaining,
  formatDollars,
  formatDuration,
  referenceCost,
  validationCost,
} from "./validation-cost";

describe("validation cost (admin §9)", () => {
  it("gives the spec's figures for 10,000 activities: about $50, $170, $220", () => {
    expect(referenceCost()).toEqual({ location: 50, business: 170, total: 220 });
    expect(formatDollars(referenceCost().total)).toBe("$220");
  });

  it("applies $0.005 and $0.017 to the eligible counts", () => {
    expect(validationCost({ location: 1, business: 1 })).toEqual({ location: 0.005, business: 0.017, total: 0.022 });
    expect(validationCost({ location: 437, business: 437 })).toEqual({
      location: 2.185,
      business: 7.429,
      total: 9.614,
    });
    expect(validationCost({ location: 0, business: 0 })).toEqual({ location: 0, business: 0, total: 0 });
  });

  it("writes dollars as the card shows them", () => {
    expect(formatDollars(0.005)).toBe("$0.005");
    expect(formatDollars(0.017)).toBe("$0.017");
    expect(formatDollars(2.185)).toBe("$2.185");
    expect(formatDollars(1.5)).toBe("$1.50");
    expect(formatDollars(12000)).toBe("$12,000");
  });
});

describe("estimatedTimeRemaining (admin §9)", () => {
  it("falls back to 2 seconds per remaining activity before any progress", () => {
    expect(estimatedTimeRemaining({ current: 0, total: 1984 })).toBe(3968);
    expect(estimatedTimeRemaining({ current: 100, total: 250 })).toBe(300);
  });

  it("uses the pace so far once there is some", () => {
    expect(estimatedTimeRemaining({ current: 100, total: 400, elapsedMs: 50_000 })).toBe(150);
    expect(estimatedTimeRemaining({ current: 400, total: 400, elapsedMs: 50_000 })).toBe(0);
  });

  it("counts batches of 100 and writes durations", () => {
    expect([batchCount(0, 100), batchCount(1, 100), batchCount(100, 100), batchCount(1984, 100)]).toEqual([
      0, 1, 1, 20,
    ]);
    expect([formatDuration(45), formatDuration(200), formatDuration(3968)]).toEqual(["45s", "3m 20s", "1h 6m"]);
  });
});
