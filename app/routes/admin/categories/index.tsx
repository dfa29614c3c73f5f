// /admin/categories — the Categories tab (spec/admin.md §2): a list with add, edit and delete.
import { Outlet } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { ColorSwatch } from "~/components/ColorSwatch";
import { EmptyState, RowActions, TabHeading } from "~/components/AdminTab";
import { IconPreview } from "~/components/IconPreview";
import { listCategoriesWithActivityCounts } from "~/data/categories.server";
import { adminDeleteCategoryPath, adminEditCategoryPath, adminNewCategoryPath } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { historyPath } from "~/domain/admin/history";
import { countOf } from "~/domain/counts";

export function meta() {
  return [{ title: adminPageTitle("Categories") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await listCategoriesWithActivityCounts() };
}

export default function CategoriesTab({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <section aria-labelledby="categories-heading">
      <TabHeading id="categories-heading" title="Categories" addLabel="Add Category" addTo={adminNewCategoryPath()} />
      {categories.length === 0 ? (
        <EmptyState>No categories found. Create your first category to get started.</EmptyState>
      ) : (
        <ul
          className="mt-6 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white"
          aria-label="Categories"
        >
          {categories.map((category) => (
            <li key={category.id} aria-label={category.name} className="flex flex-wrap items-center gap-4 p-4">
              <div className="flex items-center gap-2" title="Icon, filter icon and pin icon">
                <IconPreview icon={category.icon} label={`${category.name} icon`} />
                <IconPreview icon={category.filterIcon} label={`${category.name} filter icon`} />
                <IconPreview icon={category.pinIcon} label={`${category.name} pin icon`} />
              </div>
              <div className="min-w-48 flex-1">
                <h2 className="font-semibold">{category.name}</h2>
                <p className="text-xs text-gray-500">
                  <code>{category.slug}</code> · {countOf(category.activityCount, "activity", "activities")}
                </p>
                {category.description && <p className="mt-1 text-sm text-gray-700">{category.description}</p>}
              </div>
              <ColorSwatch color={category.color} />
              <RowActions
                name={category.name}
                historyTo={historyPath("category", category.id)}
                editTo={adminEditCategoryPath(category.id)}
                deleteTo={adminDeleteCategoryPath(category.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </section>
  );
}
