// /admin/activities/bulk — the confirmation step of the bulk actions (admin §2): the list's bulk form opens
// it with the selected ids; Confirm performs Change Category or Delete Selected in one transaction.
import { Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/activities.bulk";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import {
  activityFormChoices,
  activityTitles,
  deleteActivities,
  updateActivitiesCategory,
} from "~/data/activities.server";
import { BULK_MESSAGES, bulkCategorySchema, fieldErrors } from "~/domain/activity-form";
import { listUrlOf } from "~/domain/admin-activity-list";

const intentSchema = z.enum(["delete", "change-category"]);

function plural(n: number) {
  return n === 1 ? "1 activity" : `${n} activities`;
}

/** Reads the request's ids, intent and category; the form posts the same fields the bulk form sent. */
async function readBulk(params: URLSearchParams) {
  const intent = intentSchema.catch("delete").parse(params.get("intent"));
  const { categories } = await activityFormChoices();
  const parsed = bulkCategorySchema(categories).safeParse({
    activityIds: params.getAll("ids"),
    // Delete needs no category; any known one satisfies the shared schema.
    categoryName: intent === "delete" ? "Other" : (params.get("categoryName") ?? ""),
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
  await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const form = await request.formData();
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
  const bulk = await readBulk(params);
  const failure = bulk.intent === "delete" ? "Failed to delete selected activities" : "Failed to update categories";
  if (!bulk.ok)
    return redirectWithToast(request, listUrl, { title: "Error", description: failure, variant: "destructive" });
  try {
    if (bulk.intent === "delete") {
      const count = await deleteActivities(bulk.activityIds);
      return redirectWithToast(request, listUrl, {
        title: "Activities deleted",
        description: `Deleted ${plural(count)}.`,
      });
    }
    const count = await updateActivitiesCategory(bulk.activityIds, bulk.categoryName);
    return redirectWithToast(request, listUrl, {
      title: "Categories updated",
      description: `Moved ${plural(count)} to ${bulk.categoryName}.`,
    });
  } catch (error) {
    console.error(error);
    return redirectWithToast(request, listUrl, { title: "Error", description: failure, variant: "destructive" });
  }
}

export function meta() {
  return [{ title: "Confirm bulk action | Admin Dashboard" }];
}

export default function BulkConfirm({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const closeTo = listUrlOf(new URLSearchParams(location.search));
  if (!loaderData.ok) {
    return (
      <RouteDialog title={loaderData.intent === "delete" ? "Delete Selected" : "Change Category"} closeTo={closeTo}>
        <p role="alert">{loaderData.message}</p>
        <div className="mt-6 flex justify-end">
          <Link to={closeTo} preventScrollReset className="rounded-md border border-gray-300 px-4 py-2 font-semibold">
            Back to activities
          </Link>
        </div>
      </RouteDialog>
    );
  }
  const { intent, activityIds, categoryName, activities } = loaderData;
  const count = activityIds.length;
  const title =
    intent === "delete" ? `Delete ${plural(count)}?` : `Change the category of ${plural(count)} to ${categoryName}?`;
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <ul className="max-h-60 list-disc overflow-y-auto pl-5 text-sm">
        {activities.map((a) => (
          <li key={a.id}>{a.title}</li>
        ))}
      </ul>
      {intent === "delete" && <p className="mt-3 text-sm text-gray-700">This action cannot be undone.</p>}
      <Form method="post" action={`${location.pathname}${location.search}`} className="mt-6 flex justify-end gap-2">
        <input type="hidden" name="intent" value={intent} />
        {intent === "change-category" && <input type="hidden" name="categoryName" value={categoryName} />}
        {activityIds.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <Link to={closeTo} preventScrollReset className="rounded-md border border-gray-300 px-4 py-2 font-semibold">
          Cancel
        </Link>
        <button
          type="submit"
          disabled={busy}
          autoFocus
          className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60 ${intent === "delete" ? "bg-red-600" : "bg-black"}`}
        >
          Confirm
        </button>
      </Form>
    </RouteDialog>
  );
}
