// The admin session: a signed cookie (httpOnly, SameSite=Lax, Secure in production) holding who signed in,
// plus a one-shot flash toast.
import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, data, redirect } from "react-router";
import { isAllowedEmail } from "~/data/admins.server";
import { env } from "~/env.server";

export interface AdminUser {
  email: string;
  name: string | null;
  picture: string | null;
}

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

type SessionData = { admin: AdminUser };
type FlashData = { toast: Toast };

// Without SESSION_SECRET (a fresh local install) sessions are signed with a per-process secret: they end
// when the process restarts, and several instances would not share them; production sets the variable.
let fallbackSecret: string | undefined;
function sessionSecret(): string {
  const configured = env().SESSION_SECRET;
  if (configured) return configured;
  if (!fallbackSecret) {
    fallbackSecret = randomBytes(32).toString("hex");
    if (env().NODE_ENV === "production") console.warn("SESSION_SECRET is not set: admin sessions end when the server restarts");
  }
  return fallbackSecret;
}

let storage: ReturnType<typeof createStorage> | undefined;
function createStorage() {
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      secure: env().NODE_ENV === "production",
      path: "/",
      maxAge: 60 * 60 * 24 * 7,
      secrets: [sessionSecret()],
    },
  });
}
function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

export async function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export async function commitSession(session: Awaited<ReturnType<typeof getSession>>) {
  return sessionStorage().commitSession(session);
}

/** The signed-in administrator, or null. An e-mail removed from the allow-list loses access at once. */
export async function getAdmin(request: Request): Promise<AdminUser | null> {
  const admin = (await getSession(request)).get("admin");
  if (!admin || !(await isAllowedEmail(admin.email))) return null;
  return admin;
}

/** For admin pages and actions: the administrator, or a redirect to /admin/login. */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  const admin = await getAdmin(request);
  if (!admin) throw redirect("/admin/login");
  return admin;
}

/** For admin API routes: the administrator, or a 401 JSON error. */
export async function requireAdminApi(request: Request): Promise<AdminUser> {
  const admin = await getAdmin(request);
  if (!admin) throw data({ message: "Unauthorized: sign in as an administrator" }, { status: 401 });
  return admin;
}

/** Signs an administrator in and redirects (to /admin by default). */
export async function signIn(request: Request, admin: AdminUser, to = "/admin") {
  const session = await getSession(request);
  session.set("admin", admin);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Ends the session and redirects (to / by default), asking the browser to drop cached pages and site storage. */
export async function signOut(request: Request, to = "/") {
  const session = await getSession(request);
  return redirect(to, {
    headers: {
      "Set-Cookie": await sessionStorage().destroySession(session),
      // admin §4: logout clears the cache and local and session storage — done by the browser, even without JS.
      "Clear-Site-Data": '"cache", "storage"',
    },
  });
}

/** Post/redirect/get: redirect with a toast the next page shows once. */
export async function redirectWithToast(request: Request, to: string, toast: Toast, init: ResponseInit = {}) {
  const session = await getSession(request);
  session.flash("toast", toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(to, { ...init, headers });
}

/** Reads (and so clears) the flash toast; send the returned Set-Cookie header with the response. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  if (!request.headers.get("Cookie")?.includes("__session")) return { toast: null, setCookie: null };
  const session = await getSession(request);
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await commitSession(session) : null };
}
