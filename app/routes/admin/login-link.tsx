// /admin/login/link/:token — a one-time login link. Opening it shows a button; posting uses the token up
// (a GET never does, so link previews and scanners cannot spend it).
import { Form, data } from "react-router";
import type { Route } from "./+types/login-link";
import { limitSignInAttempt } from "~/auth/rate-limit.server";
import { signIn } from "~/auth/session.server";
import { consumeLoginToken, isAllowedEmail, peekLoginToken } from "~/data/admins.server";
import { LOGIN_ERROR_MESSAGES } from "~/domain/admin/login-errors";

export async function loader({ params }: Route.LoaderArgs) {
  const email = await peekLoginToken(params.token);
  if (!email) throw data({ message: "This login link is invalid, expired or already used." }, { status: 410 });
  return { email };
}

export async function action({ request, params }: Route.ActionArgs) {
  const retryAfter = await limitSignInAttempt(request, "login-link");
  if (retryAfter !== null) {
    throw data(
      { message: LOGIN_ERROR_MESSAGES.rate_limited },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  const email = await consumeLoginToken(params.token);
  if (!email || !(await isAllowedEmail(email))) {
    throw data({ message: "This login link is invalid, expired or already used." }, { status: 410 });
  }
  return signIn({ email, name: null, picture: null });
}

// Carries Retry-After from a refused (rate-limited) attempt.
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? new Headers();
}

export function meta() {
  return [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];
}

export default function LoginLink({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Admin Login</h1>
      <p className="mt-4 text-gray-700">
        Sign in as <strong>{loaderData.email}</strong>. This link works once.
      </p>
      <Form method="post" className="mt-8">
        <button type="submit" className="rounded-md bg-black px-5 py-2.5 font-semibold text-white">
          Sign in
        </button>
      </Form>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    error && typeof error === "object" && "data" in error && (error.data as { message?: string })?.message
      ? (error.data as { message: string }).message
      : "Something went wrong";
  return (
    <main className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Admin Login</h1>
      <p className="mt-4 text-gray-700" role="alert">
        {message}
      </p>
      <a href="/admin/login" className="mt-8 inline-block underline">
        Back to login
      </a>
    </main>
  );
}
