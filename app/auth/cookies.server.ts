// The site's own cookies: their names (the privacy policy names them too) and how they are signed.
import { env, sessionSecrets } from "~/env.server";

export const SESSION_COOKIE = "__session";
export const TOAST_COOKIE = "__toast";

/** A signed, httpOnly, SameSite=Lax cookie for the whole site (Secure in production). */
export function signedCookieOptions(name: string, maxAgeSeconds?: number) {
  return {
    name,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env().NODE_ENV === "production",
    path: "/",
    maxAge: maxAgeSeconds,
    // The first secret signs; every one listed verifies, so a secret can be rotated without signing everyone out.
    secrets: sessionSecrets(),
  };
}
