// /admin/changes/restore/:entryId (and the same under a History page) — Restore of a deleted activity, city, tag or
// category from the trash (issue #24): a confirmation dialog over the page with JavaScript, a page without.
import { useLocation } from "react-router";
import type { Route } from "./+types/restore";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { ConfirmDialog, RefusedDialog } from "~/components/ConfirmDialog";
import { getEntry } from "~/data/history.server";
import { restoreFromTrash, trashedEntryIds } from "~/data/trash.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { parseIdParam } from "~/domain/form-values";
import { HISTORY_ENTITY_LABELS, pageBehind, type HistoryEntity } from "~/domain/admin/history";

const NOT_IN_TRASH = "It is no longer in the trash: it was restored already, or removed for good after 30 days.";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.entryId);
  const entry = id ? await getEntry(id) : null;
  const inTrash = entry ? (await trashedEntryIds([entry.id])).length === 1 : false;
  if (!entry || !inTrash) return { ok: false as const, message: NOT_IN_TRASH };
  return { ok: true as const, label: entry.label, thing: HISTORY_ENTITY_LABELS[entry.entity as HistoryEntity] };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const back = pageBehind(new URL(request.url));
  const id = parseIdParam(params.entryId);
  const outcome = id ? await restoreFromTrash(id) : ({ ok: false, reason: "not-found" } as const);
  if (outcome.ok) {
    const thing = HISTORY_ENTITY_LABELS[outcome.value.entity];
    return redirectWithToast(request, back, {
      title: `${thing} restored`,
      description: `"${outcome.value.label}" is back.`,
    });
  }
  const description = outcome.reason === "not-found" ? NOT_IN_TRASH : outcome.message;
  return redirectWithToast(request, back, { title: "Could not restore", description, variant: "destructive" });
}

export function meta() {
  return [{ title: adminPageTitle("Restore") }];
}

export default function Restore({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const closeTo = pageBehind(`${location.pathname}${location.search}`);
  if (!loaderData.ok) {
    return <RefusedDialog title="Restore" closeTo={closeTo} message={loaderData.message} backLabel="Back" />;
  }
  return (
    <ConfirmDialog
      title={`Restore ${loaderData.thing.toLowerCase()}?`}
      closeTo={closeTo}
      confirmLabel="Restore"
      danger={false}
    >
      <p>
        "{loaderData.label}" comes back as it was when it was deleted
        {loaderData.thing === "Activity" ? ", with its tags and validation record" : ""}.
      </p>
    </ConfirmDialog>
  );
}
