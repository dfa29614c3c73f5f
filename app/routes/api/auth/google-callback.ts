// GET /api/auth/google/callback — Google sends the browser back here: to /admin when the e-mail is on the
// allow-list, else to /admin/login?error=<code> (admin §7, §8).
import { redirect } from "react-router";
import type { Route } from "./+types/google-callback";
import { clearStateCookies, googleAuthenticator, isGoogleConfigured, loginErrorCodeOf } from "~/auth/google.server";
import { limitSignInAttempt } from "~/auth/rate-limit.server";
import { signIn } from "~/auth/session.server";
import { loginErrorPath, type LoginErrorCode } from "~/domain/admin/login-errors";
import { allowMethods } from "../responses.server";

function fail(request: Request, code: LoginErrorCode) {
  const headers = new Headers();
  for (const cookie of clearStateCookies(request)) headers.append("Set-Cookie", cookie);
  return redirect(loginErrorPath(code), { headers });
}

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  if ((await limitSignInAttempt(request, "google-callback")) !== null) return fail(request, "rate_limited");
  if (!isGoogleConfigured()) return fail(request, "callback_error");
  const params = new URL(request.url).searchParams;
  // Without `state` the strategy would start a new flow instead of finishing one.
  if (!params.get("state")) return fail(request, params.get("error") || params.get("code") ? "oauth_error" : "no_code");
  try {
    const admin = await googleAuthenticator(request).authenticate("google", request);
    const response = await signIn(admin);
    for (const cookie of clearStateCookies(request)) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    const code = error instanceof Response ? "callback_error" : loginErrorCodeOf(error);
    // A refused e-mail is worth an audit line; a broken exchange or callback needs the whole error.
    if (code === "callback_error" || code === "token_exchange")
      console.error(`Google sign-in failed (${code}):`, error);
    else console.warn(`Google sign-in refused (${code}): ${error instanceof Error ? error.message : String(error)}`);
    return fail(request, code);
  }
}
