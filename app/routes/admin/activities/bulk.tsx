// /admin/activities/bulk — the confirmation step of the bulk actions (admin §2): the list's bulk form opens
// it with the selected ids; Confirm performs Change Category or Delete Selected in one transaction.
import { useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/bulk";
import { requireAdmin } from "~/auth/session.server";
import { ConfirmDialog, RefusedDialog } from "~/components/ConfirmDialog";
import { activityChoices, activityTitles } from "~/data/activities/admin-list.server";
import { deleteActivities, updateActivitiesCategory } from "~/data/activities/bulk.server";
import { BULK_MESSAGES, bulkCategorySchema } from "~/domain/activities/activity-form";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { countOf } from "~/domain/counts";
import { fieldErrors } from "~/domain/form-values";
import { done, failed, readForm } from "../form-action.server";
import { FALLBACK_CATEGORY } from "~/domain/taxonomy/taxonomy";

const intentSchema = z.enum(["delete", "change-category"]);

/** Reads the request's ids, intent and category; the form posts the same fields the bulk form sent. */
async function readBulk(params: URLSearchParams) {
  const intent = intentSchema.catch("delete").parse(params.get("intent"));
  const { categories } = await activityChoices();
  const parsed = bulkCategorySchema(categories).safeParse({
    activityIds: params.getAll("ids"),
    // Delete needs no category; any known one satisfies the shared schema.
    categoryName: intent === "delete" ? FALLBACK_CATEGORY : (params.get("categoryName") ?? ""),
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return {
      intent,
      ok: false as const,
      message: (errors.activityIds ?? errors.categoryName ?? [BULK_MESSAGES.noneSelected])[0],
    };
  }
  return { intent, ok: true as const, ...parsed.data };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const bulk = await readBulk(new URL(request.url).searchParams);
  if (!bulk.ok) return { ...bulk, activities: [] };
  // Ids deleted meanwhile drop out, so the count asked about is the count that will change.
  const activities = await activityTitles(bulk.activityIds);
  if (activities.length === 0)
    return { intent: bulk.intent, ok: false as const, message: BULK_MESSAGES.noneSelected, activities };
  return { ...bulk, activityIds: activities.map((a) => a.id), activities };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const form = await readForm(request);
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
  const bulk = await readBulk(params);
  const failure = bulk.intent === "delete" ? "Failed to delete selected activities" : "Failed to update categories";
  if (!bulk.ok) return failed(request, listUrl, failure);
  try {
    if (bulk.intent === "delete") {
      const count = await deleteActivities(bulk.activityIds);
      return done(request, listUrl, { title: "Activities deleted", description: `Deleted ${activities(count)}.` });
    }
    const count = await updateActivitiesCategory(bulk.activityIds, bulk.categoryName, admin.email);
    return done(request, listUrl, {
      title: "Categories updated",
      description: `Moved ${activities(count)} to ${bulk.categoryName}.`,
    });
  } catch (error) {
    console.error(error);
    return failed(request, listUrl, failure);
  }
}

export function meta() {
  return [{ title: adminPageTitle("Confirm bulk action") }];
}

function activities(n: number) {
  return countOf(n, "activity", "activities");
}

export default function BulkConfirm({ loaderData }: Route.ComponentProps) {
  const closeTo = listUrlOf(new URLSearchParams(useLocation().search));
  if (!loaderData.ok) {
    return (
      <RefusedDialog
        title={loaderData.intent === "delete" ? "Delete Selected" : "Change Category"}
        closeTo={closeTo}
        message={loaderData.message}
        backLabel="Back to activities"
      />
    );
  }
  const { intent, activityIds, categoryName, activities: rows } = loaderData;
  const count = activityIds.length;
  const title =
    intent === "delete"
      ? `Delete ${activities(count)}?`
      : `Change the category of ${activities(count)} to ${categoryName}?`;
  const fields: Array<[string, string]> = [
    ["intent", intent],
    ...(intent === "change-category" ? [["categoryName", categoryName] as [string, string]] : []),
    ...activityIds.map((id): [string, string] => ["ids", String(id)]),
  ];
  return (
    <ConfirmDialog title={title} closeTo={closeTo} confirmLabel="Confirm" danger={intent === "delete"} fields={fields}>
      <ul className="max-h-60 list-disc overflow-y-auto pl-5 text-sm">
        {rows.map((a) => (
          <li key={a.id}>{a.title}</li>
        ))}
      </ul>
      {intent === "delete" && (
        <p className="mt-3 text-sm text-gray-700">
          They stay in the trash for 30 days: restore them from Recent changes.
        </p>
      )}
    </ConfirmDialog>
  );
}
