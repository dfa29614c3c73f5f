// POST /api/auth/google — the login page's "Sign in with Google" form: redirects the browser to Google.
import { redirect } from "react-router";
import type { Route } from "./+types/google";
import { googleAuthenticator, isGoogleConfigured } from "~/auth/google.server";
import { limitSignInAttempt } from "~/auth/rate-limit.server";
import { redirectWithToast } from "~/auth/toast.server";
import { ADMIN_LOGIN_PATH, LOGIN_INIT_FAILED_TOAST, loginErrorPath } from "~/domain/admin/login-errors";
import { allowMethods } from "../responses.server";

export const middleware = allowMethods("GET", "POST");

export async function action({ request }: Route.ActionArgs) {
  if ((await limitSignInAttempt(request, "google-start")) !== null) throw redirect(loginErrorPath("rate_limited"), 303);
  if (!isGoogleConfigured()) return redirectWithToast(request, ADMIN_LOGIN_PATH, LOGIN_INIT_FAILED_TOAST);
  try {
    // With no `state` in the URL the strategy starts the flow: it throws the redirect to the provider.
    await googleAuthenticator(request).authenticate("google", request);
  } catch (error) {
    if (error instanceof Response) return error;
    console.error("Google sign-in could not start:", error);
  }
  return redirectWithToast(request, ADMIN_LOGIN_PATH, LOGIN_INIT_FAILED_TOAST);
}

// A GET (a bookmarked or typed URL) has nothing to start: back to the login page.
export function loader() {
  return redirect(ADMIN_LOGIN_PATH);
}
