// Sign in with Google (admin §6): remix-auth's Authenticator with remix-auth-oauth2's OAuth2Strategy pointed at
// Google's endpoints from the environment (tests point them at tests/fakes/google-oauth.ts). The strategy keeps
// the state and PKCE verifier in a short-lived cookie; this module turns every way the flow can fail into one
// of the spec's login error codes.
import { Authenticator } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import type { OAuth2Tokens } from "arctic";
import { z } from "zod";
import { isAllowedEmail, normalizeEmail } from "~/data/admins.server";
import type { LoginErrorCode } from "~/domain/admin/login-errors";
import { env } from "~/env.server";
import { httpRequest, HttpRequestError, type HttpResponse } from "~/services/http.server";
import type { AdminUser } from "./session.server";

export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";
/** The state cookie is scoped to the sign-in routes; its name gets a per-attempt suffix from the strategy. */
const STATE_COOKIE = "__google_oauth";
const STATE_COOKIE_PATH = "/api/auth/google";
// Google's userinfo endpoint answers for the profile and email scopes; openid makes the OpenID Connect endpoint
// (the default GOOGLE_USERINFO_URL) include `email` and `email_verified`.
const SCOPES = ["openid", "email", "profile"];
const USERINFO_TIMEOUT_MS = 10_000;
// A profile is a few hundred bytes; anything near this is not one.
const USERINFO_MAX_BYTES = 64 * 1024;

/** A sign-in failure with the login error code it lands on. */
export class GoogleLoginError extends Error {
  constructor(
    readonly code: LoginErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "GoogleLoginError";
  }
}

export function isGoogleConfigured(): boolean {
  const e = env();
  return !!(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET);
}

/** `{PUBLIC_URL or the request's origin}/api/auth/google/callback` — on the product's own host. */
export function googleRedirectUri(request: Request): string {
  return new URL(GOOGLE_CALLBACK_PATH, env().PUBLIC_URL ?? new URL(request.url).origin).toString();
}

class GoogleStrategy extends OAuth2Strategy<AdminUser> {
  name = "google";

  // Offline access with a forced consent prompt (admin §6).
  protected authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const result = super.authorizationParams(params, request);
    result.set("access_type", "offline");
    result.set("prompt", "consent");
    return result;
  }

  protected async validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    try {
      const tokens = await super.validateAuthorizationCode(code, codeVerifier);
      tokens.accessToken(); // throws when the provider answered without one
      return tokens;
    } catch (error) {
      throw new GoogleLoginError("token_exchange", "The token endpoint refused the authorization code", {
        cause: error,
      });
    }
  }
}

const userInfoSchema = z.object({
  email: z.string().trim().email().optional().catch(undefined),
  email_verified: z.boolean().optional().catch(undefined),
  name: z.string().trim().optional().catch(undefined),
  picture: z
    .string()
    .trim()
    .url()
    .refine((url) => /^https?:\/\//.test(url))
    .optional()
    .catch(undefined),
});

async function fetchProfile(tokens: OAuth2Tokens) {
  let response: HttpResponse;
  try {
    // The userinfo URL comes from the environment (a fake on 127.0.0.1 in tests), hence allowPrivate.
    response = await httpRequest(env().GOOGLE_USERINFO_URL, {
      service: "google_sign_in",
      headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
      timeoutMs: USERINFO_TIMEOUT_MS,
      maxBytes: USERINFO_MAX_BYTES,
      allowPrivate: true,
    });
  } catch (error) {
    if (error instanceof HttpRequestError && error.reason === "status") {
      throw new GoogleLoginError("callback_error", `The userinfo endpoint answered ${error.status}`, { cause: error });
    }
    throw new GoogleLoginError("callback_error", "The userinfo endpoint could not be reached", { cause: error });
  }
  const parsed = userInfoSchema.safeParse(response.json() ?? null);
  if (!parsed.success) throw new GoogleLoginError("callback_error", "The userinfo endpoint answered no profile");
  return parsed.data;
}

/** After the code exchange: the profile, checked against the allow-list. */
async function verify({ tokens }: OAuth2Strategy.VerifyOptions): Promise<AdminUser> {
  const profile = await fetchProfile(tokens);
  if (!profile.email) throw new GoogleLoginError("no_email", "The Google profile has no e-mail address");
  // An address Google has not verified proves nothing about who signed in.
  if (profile.email_verified === false || !(await isAllowedEmail(profile.email))) {
    throw new GoogleLoginError("unauthorized", `${profile.email} is not on the admin allow-list`);
  }
  return { email: normalizeEmail(profile.email), name: profile.name || null, picture: profile.picture ?? null };
}

/** An authenticator for this request (the redirect URI may follow the request's origin). */
export function googleAuthenticator(request: Request): Authenticator<AdminUser> {
  const e = env();
  if (!e.GOOGLE_CLIENT_ID || !e.GOOGLE_CLIENT_SECRET) throw new Error("Google sign-in is not configured");
  const strategy = new GoogleStrategy(
    {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      authorizationEndpoint: e.GOOGLE_AUTH_URL,
      tokenEndpoint: e.GOOGLE_TOKEN_URL,
      redirectURI: googleRedirectUri(request),
      scopes: SCOPES,
      cookie: {
        name: STATE_COOKIE,
        path: STATE_COOKIE_PATH,
        httpOnly: true,
        sameSite: "Lax",
        ...(e.NODE_ENV === "production" ? { secure: true as const } : {}),
      },
    },
    verify,
  );
  return new Authenticator<AdminUser>().use(strategy, "google");
}

/**
 * The login error code for anything the callback threw. The strategy checks, in order: a state cookie exists,
 * the URL's state matches it, the provider sent no `error`, a `code` is present; then exchanges the code.
 */
export function loginErrorCodeOf(error: unknown): LoginErrorCode {
  if (error instanceof GoogleLoginError) return error.code;
  if (error instanceof OAuth2RequestError) return "oauth_error"; // ?error=… from the provider
  if (error instanceof ReferenceError && /Missing code in the URL/.test(error.message)) return "no_code";
  if (error instanceof ReferenceError || error instanceof RangeError) return "oauth_error"; // state missing or mismatched
  return "callback_error";
}

/** Set-Cookie values that expire every state cookie the request carries (one per started attempt). */
export function clearStateCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name.startsWith(STATE_COOKIE));
  const secure = env().NODE_ENV === "production" ? "; Secure" : "";
  return names.map((name) => `${name}=; Max-Age=0; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`);
}
