// Sign-in attempts per client address: AUTH_RATE_LIMIT (default 10) per minute for each way in.
// The counters live in this process's memory, which is right for one instance; with several instances behind a
// load balancer each counts on its own, so the effective limit is multiplied by the instance count.
import { countAttempt, type RateWindow } from "~/domain/rate-limit";
import { env } from "~/env.server";
import { clientIp } from "./client-ip";

export type SignInAttempt = "google-start" | "google-callback" | "login-link";

const WINDOW_MS = 60_000;
const windows = new Map<string, RateWindow>();
let lastSweep = 0;

function sweep(now: number) {
  if (now - lastSweep < WINDOW_MS) return;
  lastSweep = now;
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
}

/** Counts a sign-in attempt; returns null when allowed, else the seconds to wait. */
export function limitSignInAttempt(request: Request, attempt: SignInAttempt, now = Date.now()): number | null {
  sweep(now);
  const key = `${attempt}:${clientIp(request)}`;
  const decision = countAttempt(windows.get(key), now, env().AUTH_RATE_LIMIT, WINDOW_MS);
  windows.set(key, decision.window);
  return decision.allowed ? null : decision.retryAfterSeconds;
}
