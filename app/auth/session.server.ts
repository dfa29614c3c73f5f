// The admin session and the flash toast. The session is a database row (app/data/sessions.server.ts) whose
// random id travels in a signed, httpOnly, SameSite=Lax cookie (Secure in production): logging out deletes the
// row, so a copied cookie stops working at once. The toast has its own small signed cookie, so a visitor who is
// not signed in (a failed sign-in) never creates a session row.
import { createCookieSessionStorage, createSessionStorage, data, redirect } from "react-router";
import { isAllowedEmail } from "~/data/admins.server";
import { setActor } from "~/data/history.server";
import {
  createAdminSession,
  deleteAdminSession,
  deleteAdminSessionsOf,
  readAdminSession,
  SESSION_TTL_MS,
} from "~/data/sessions.server";
import { env, sessionSecrets } from "~/env.server";

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

/** The cookies' names (the privacy policy names them too). */
export const SESSION_COOKIE = "__session";
export const TOAST_COOKIE = "__toast";

type SessionData = { admin: AdminUser };
type FlashData = { toast: Toast };

function cookieOptions(name: string, maxAgeSeconds?: number) {
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

function createStorage() {
  return createSessionStorage<SessionData>({
    cookie: cookieOptions(SESSION_COOKIE, SESSION_TTL_MS / 1000),
    async createData(sessionData) {
      if (!sessionData.admin) throw new Error("A session is only created for a signed-in administrator");
      return createAdminSession(sessionData.admin);
    },
    async readData(id) {
      const admin = await readAdminSession(id);
      return admin ? { admin } : null;
    },
    // A session's administrator never changes: signing in again starts a new session.
    async updateData() {},
    async deleteData(id) {
      await deleteAdminSession(id);
    },
  });
}

let storage: ReturnType<typeof createStorage> | undefined;
function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

let toastStorage: ReturnType<typeof createToastStorage> | undefined;
function createToastStorage() {
  return createCookieSessionStorage<Record<string, never>, FlashData>({ cookie: cookieOptions(TOAST_COOKIE) });
}
function toasts() {
  toastStorage ??= createToastStorage();
  return toastStorage;
}

function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * The signed-in administrator, or null. An e-mail removed from the allow-list loses access at once, and its
 * sessions are ended.
 */
export async function getAdmin(request: Request): Promise<AdminUser | null> {
  if (!request.headers.get("Cookie")?.includes("__session=")) return null;
  const admin = (await getSession(request)).get("admin");
  if (!admin) return null;
  if (!(await isAllowedEmail(admin.email))) {
    await deleteAdminSessionsOf(admin.email);
    return null;
  }
  setActor(admin.email);
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

/**
 * Signs an administrator in and redirects (to /admin by default). Always a new session (never one the request
 * brought), so a session id planted before sign-in is worth nothing after it.
 */
export async function signIn(admin: AdminUser, to = "/admin") {
  const session = await sessionStorage().getSession();
  session.set("admin", admin);
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage().commitSession(session) } });
}

/** Ends the session and redirects (to / by default), asking the browser to drop cached pages and site storage. */
export async function signOut(request: Request, to = "/", { everywhere = false } = {}) {
  const session = await getSession(request);
  const admin = session.get("admin");
  if (everywhere && admin) await deleteAdminSessionsOf(admin.email);
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
  const session = await toasts().getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toasts().commitSession(session));
  return redirect(to, { ...init, headers });
}

/** Reads (and so clears) the flash toast; send the returned Set-Cookie header with the response. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  if (!request.headers.get("Cookie")?.includes("__toast=")) return { toast: null, setCookie: null };
  const session = await toasts().getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await toasts().destroySession(session) : null };
}
