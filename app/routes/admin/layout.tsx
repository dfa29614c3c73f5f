// /admin — the dashboard shell: header with the signed-in administrator, Logout, and the tabs.
import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/auth/session.server";
import { adminDisplayName } from "~/domain/admin/admin-user";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";

/** The dashboard tabs: the seven of spec/admin.md §2 in its order, then Recent changes (issue #24). */
export const ADMIN_TABS: Array<{ to: string; label: string }> = [
  { to: "/admin/activities", label: "Activities" },
  { to: "/admin/cities", label: "Cities" },
  { to: "/admin/tags", label: "Tags" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/data-quality", label: "Data Quality" },
  { to: "/admin/seo", label: "SEO" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/changes", label: "Recent changes" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { admin };
}

export function headers() {
  return { "Cache-Control": PRIVATE_NO_STORE };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin } = loaderData;
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-48 flex-1">
            <p className="text-xl font-bold">Admin Dashboard</p>
            <p className="text-sm text-gray-600">Manage activities and cities</p>
          </div>
          {/* Decorative: the name beside it says who this is. Google's avatar host refuses some referrers. */}
          {admin.picture && (
            <img
              src={admin.picture}
              alt=""
              width={32}
              height={32}
              referrerPolicy="no-referrer"
              className="h-8 w-8 rounded-full"
            />
          )}
          <span className="text-sm font-medium">{adminDisplayName(admin)}</span>
          <a href="/" className="text-sm underline">
            Back to Home
          </a>
          <Form method="post" action="/admin/logout" className="flex gap-2">
            <button type="submit" className="rounded-md border border-gray-300 px-3 py-1.5 text-sm">
              Logout
            </button>
            <button type="submit" name="scope" value="everywhere" className="rounded-md px-3 py-1.5 text-sm underline">
              Sign out everywhere
            </button>
          </Form>
        </div>
        {ADMIN_TABS.length > 0 && (
          // Seven tabs do not fit a phone: the row scrolls inside itself rather than widening the page.
          <nav aria-label="Dashboard tabs" className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4">
            {ADMIN_TABS.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                className={({ isActive }) =>
                  `shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? "border-brand text-black" : "border-transparent text-gray-600"}`
                }
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
        )}
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
