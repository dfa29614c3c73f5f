// The admin session. It is a database row (app/data/sessions.server.ts) whose random id travels in a signed,
// httpOnly, SameSite=Lax cookie (Secure in production): logging out deletes the row, so a copied cookie stops
// working at once. The flash toast has a cookie of its own (./toast.server.ts).
import { createSessionStorage, data, redirect } from "react-router";
import { isAllowedEmail } from "~/data/admins.server";
import { setActor } from "~/data/history.server";
import {
  createAdminSession,
  deleteAdminSession,
  deleteAdminSessionsOf,
  readAdminSession,
  SESSION_TTL_MS,
} from "~/data/sessions.server";
import { signedCookieOptions, SESSION_COOKIE } from "./cookies.server";

export interface AdminUser {
  email: string;
  name: string | null;
  picture: string | null;
}

type SessionData = { admin: AdminUser };

function createStorage() {
  return createSessionStorage<SessionData>({
    cookie: signedCookieOptions(SESSION_COOKIE, SESSION_TTL_MS / 1000),
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
