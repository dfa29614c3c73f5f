import { describe, expect, it } from "vitest";
import { countAttempt, type RateWindow } from "./rate-limit";

describe("countAttempt", () => {
  it("allows `limit` attempts in a window and refuses the next", () => {
    let window: RateWindow | undefined;
    const results: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const decision = countAttempt(window, 1_000 + i, 3, 60_000);
      window = decision.window;
      results.push(decision.allowed);
    }
    expect(results).toEqual([true, true, true, false]);
  });

  it("starts a fresh window once the old one has passed", () => {
    const full = { count: 10, resetAt: 61_000 };
    expect(countAttempt(full, 60_999, 10, 60_000).allowed).toBe(false);
    const fresh = countAttempt(full, 61_000, 10, 60_000);
    expect(fresh.allowed).toBe(true);
    expect(fresh.window).toEqual({ count: 1, resetAt: 121_000 });
  });

  it("tells how long to wait", () => {
    expect(countAttempt({ count: 5, resetAt: 30_500 }, 1_000, 5, 60_000).retryAfterSeconds).toBe(30);
  });
});
