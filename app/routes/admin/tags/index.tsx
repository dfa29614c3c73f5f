// /admin/tags — the Tags tab (spec/admin.md §2): a grid of tag cards with add, edit and delete.
import { Outlet } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { ColorSwatch } from "~/components/ColorSwatch";
import { EmptyState, RowActions, TabHeading } from "~/components/AdminTab";
import { IconPreview } from "~/components/IconPreview";
import { listTagsWithActivityCounts } from "~/data/tags.server";
import { adminDeleteTagPath, adminEditTagPath, adminNewTagPath } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { historyPath } from "~/domain/admin/history";
import { countOf } from "~/domain/counts";

export function meta() {
  return [{ title: adminPageTitle("Tags") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { tags: await listTagsWithActivityCounts() };
}

export default function TagsTab({ loaderData }: Route.ComponentProps) {
  const { tags } = loaderData;
  return (
    <section aria-labelledby="tags-heading">
      <TabHeading id="tags-heading" title="Tags" addLabel="Add Tag" addTo={adminNewTagPath()} />
      {tags.length === 0 ? (
        <EmptyState>No tags created yet. Click "Add Tag" to create your first tag.</EmptyState>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tags">
          {tags.map((tag) => (
            <li
              key={tag.id}
              aria-label={tag.name}
              className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
            >
              <div className="flex items-center gap-3">
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-gray-50 text-xl">
                  <IconPreview icon={tag.icon} label={`${tag.name} icon`} />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 className="truncate text-lg font-semibold">{tag.name}</h2>
                  <ColorSwatch color={tag.color} />
                </div>
              </div>
              {tag.description && <p className="mt-3 text-sm text-gray-700">{tag.description}</p>}
              <p className="mt-3 text-xs text-gray-600">{countOf(tag.activityCount, "activity", "activities")}</p>
              <RowActions
                name={tag.name}
                historyTo={historyPath("tag", tag.id)}
                editTo={adminEditTagPath(tag.id)}
                deleteTo={adminDeleteTagPath(tag.id)}
                className="mt-4 flex gap-2 border-t border-gray-100 pt-3"
              />
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </section>
  );
}
