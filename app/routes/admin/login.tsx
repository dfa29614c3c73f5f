// /admin/login — the admin sign-in screen (admin §2): "Sign in with Google", the error banner for
// ?error=… (admin §8), and what to do when Google sign-in is not configured.
import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { isGoogleConfigured } from "~/auth/google.server";
import { getAdmin } from "~/auth/session.server";
import { loginErrorMessage } from "~/domain/admin/login-errors";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect("/admin");
  return {
    error: loginErrorMessage(new URL(request.url).searchParams.get("error")),
    googleConfigured: isGoogleConfigured(),
  };
}

export function meta() {
  return [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const { error, googleConfigured } = loaderData;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-2xl font-bold">Admin Login</h1>
        <p className="mt-2 text-center text-gray-600">Only authorized team members may sign in to the admin panel.</p>

        {error && (
          <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            {error}
          </div>
        )}

        {/* A plain form (not a client-side submission) so the browser follows the redirect to Google. */}
        <form method="post" action="/api/auth/google" className="mt-6">
          <button
            type="submit"
            disabled={!googleConfigured}
            aria-describedby={googleConfigured ? undefined : "google-not-configured"}
            className="flex w-full items-center justify-center gap-3 rounded-md bg-black px-5 py-2.5 font-semibold text-white hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600"
          >
            <GoogleMark />
            Sign in with Google
          </button>
        </form>

        {!googleConfigured && (
          <div
            id="google-not-configured"
            className="mt-6 rounded-md border border-brand bg-amber-50 px-4 py-3 text-sm text-gray-800"
          >
            <p className="font-semibold">Google sign-in is not configured on this server.</p>
            <p className="mt-1">
              Set <code>GOOGLE_CLIENT_ID</code> and <code>GOOGLE_CLIENT_SECRET</code> to enable it. Until then, someone
              with access to the server can create a one-time login link (valid for 15 minutes):
            </p>
            <pre className="mt-2 overflow-x-auto rounded bg-gray-900 px-3 py-2 text-xs text-white">
              <code>npm run admin -- login-link you@example.com</code>
            </pre>
          </div>
        )}

        <p className="mt-8 text-center text-sm">
          <a href="/" className="text-gray-600 underline hover:text-black">
            Back to Home
          </a>
        </p>
      </div>
    </main>
  );
}
