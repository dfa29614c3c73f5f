// The flash toast: a message the next page shows once (post/redirect/get). It has its own small signed cookie, so a
// visitor who is not signed in (a failed sign-in) never creates a session row.
import { createCookieSessionStorage, redirect } from "react-router";
import type { Toast } from "~/domain/admin/toast";
import { signedCookieOptions, TOAST_COOKIE } from "./cookies.server";

let storage: ReturnType<typeof createToastStorage> | undefined;
function createToastStorage() {
  return createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: signedCookieOptions(TOAST_COOKIE),
  });
}
function toasts() {
  storage ??= createToastStorage();
  return storage;
}

/** Post/redirect/get: redirect with a toast the next page shows once. */
export async function redirectWithToast(request: Request, to: string, toast: Toast, init: ResponseInit = {}) {
  const session = await toasts().getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toasts().commitSession(session));
  return redirect(to, { ...init, headers });
}

/** Reads (and so clears) the flash toast; send the returned Set-Cookie header with the response. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  if (!request.headers.get("Cookie")?.includes(`${TOAST_COOKIE}=`)) return { toast: null, setCookie: null };
  const session = await toasts().getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await toasts().destroySession(session) : null };
}
