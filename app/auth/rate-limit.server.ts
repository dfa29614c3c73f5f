// Sign-in attempts per client address: AUTH_RATE_LIMIT (default 10) per minute for each way in. The counters are
// rows in the database (rate-limiter-flexible's Prisma store), so every app instance counts against one budget;
// should the database not answer, an in-memory limiter with the same budget decides for this instance alone.
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "~/data/db.server";
import { env } from "~/env.server";
import { clientIp } from "./client-ip";

export type SignInAttempt = "google-start" | "google-callback" | "login-link";

const WINDOW_SECONDS = 60;

let limiter: Promise<RateLimiterPrisma> | undefined;
function signInLimiter(): Promise<RateLimiterPrisma> {
  limiter ??= db().then((prisma) => {
    const budget = { points: env().AUTH_RATE_LIMIT, duration: WINDOW_SECONDS, keyPrefix: "sign-in" };
    return new RateLimiterPrisma({
      ...budget,
      storeClient: prisma,
      tableName: "rateLimit",
      insuranceLimiter: new RateLimiterMemory(budget),
    });
  });
  return limiter;
}

/** Counts a sign-in attempt; returns null when allowed, else the seconds to wait. */
export async function limitSignInAttempt(request: Request, attempt: SignInAttempt): Promise<number | null> {
  try {
    await (await signInLimiter()).consume(`${attempt}:${clientIp(request)}`);
    return null;
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
  }
}
