// The Activities tab's state in the URL (admin §2, §4): search, city, sort, untagged-only and page.
import { z } from "zod";
import { ADMIN_SORT_ORDERS } from "../pages/sort";
import { withSearchParams } from "../http/urls";

export const ADMIN_ACTIVITIES_PATH = "/admin/activities";
export const ADMIN_EXPORT_CSV_PATH = `${ADMIN_ACTIVITIES_PATH}/export.csv`;
export const DEFAULT_ADMIN_SORT = "name-asc" satisfies (typeof ADMIN_SORT_ORDERS)[number];

const text = z.string().trim().max(200).catch("");

const listParams = z.object({
  search: text,
  cityId: text,
  sort: z.enum(ADMIN_SORT_ORDERS).catch(DEFAULT_ADMIN_SORT),
  untagged: z
    .string()
    .optional()
    .transform((v) => v === "1" || v === "on" || v === "true")
    .catch(false),
  page: z.coerce.number().int().min(1).catch(1),
});

export type AdminActivityListState = z.infer<typeof listParams>;

/** Junk values fall back to the defaults rather than failing the page. */
export function parseAdminActivityList(params: URLSearchParams): AdminActivityListState {
  return listParams.parse({
    search: params.get("search") ?? undefined,
    cityId: params.get("cityId") ?? undefined,
    sort: params.get("sort") ?? undefined,
    untagged: params.get("untagged") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** The state as query parameters, defaults left out so URLs stay short. */
export function adminActivityListParams(state: AdminActivityListState): Record<string, string | undefined> {
  return {
    search: state.search || undefined,
    cityId: state.cityId || undefined,
    sort: state.sort === DEFAULT_ADMIN_SORT ? undefined : state.sort,
    untagged: state.untagged ? "1" : undefined,
    page: state.page > 1 ? String(state.page) : undefined,
  };
}

/** The list page with the given state. */
export function adminActivitiesUrl(state: AdminActivityListState): string {
  return withSearchParams(ADMIN_ACTIVITIES_PATH, adminActivityListParams(state));
}

/**
 * Dialog routes (add, edit, delete, bulk) carry the list's state in their own query, so closing one goes
 * back to the same list page; other keys of their query are not the list's.
 */
export function dialogUrl(
  dialog: "new" | "bulk" | "import" | { edit: number } | { delete: number },
  state?: AdminActivityListState,
): string {
  const path =
    dialog === "new" || dialog === "bulk" || dialog === "import"
      ? `${ADMIN_ACTIVITIES_PATH}/${dialog}`
      : "edit" in dialog
        ? `${ADMIN_ACTIVITIES_PATH}/${dialog.edit}/edit`
        : `${ADMIN_ACTIVITIES_PATH}/${dialog.delete}/delete`;
  return state ? withSearchParams(path, adminActivityListParams(state)) : path;
}

/** The list URL behind a dialog URL's query. */
export function listUrlOf(params: URLSearchParams): string {
  return adminActivitiesUrl(parseAdminActivityList(params));
}
