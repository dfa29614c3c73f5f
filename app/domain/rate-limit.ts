// A fixed-window attempt counter: at most `limit` attempts per key in each window.

export interface RateWindow {
  count: number;
  resetAt: number;
}

export interface RateDecision {
  allowed: boolean;
  window: RateWindow;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/** Counts one attempt against the current window (a fresh one when it has expired). */
export function countAttempt(current: RateWindow | undefined, now: number, limit: number, windowMs: number): RateDecision {
  const window = !current || current.resetAt <= now ? { count: 0, resetAt: now + windowMs } : { ...current };
  window.count += 1;
  return {
    allowed: window.count <= limit,
    window,
    retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
  };
}
