// /admin/changes/undo/:entryId (and the same under a History page) — Undo of one edit (issue #24): a confirmation
// showing what goes back, a dialog over the page with JavaScript and a page without; the undo is itself recorded, and
// refused with the reason when the row changed again since.
import { useLocation } from "react-router";
import type { Route } from "./+types/undo";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { ConfirmDialog, RefusedDialog } from "~/components/ConfirmDialog";
import { getEntry } from "~/data/history.server";
import { revertEntry } from "~/data/undo.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { parseIdParam } from "~/domain/form-values";
import { isRevertible, pageBehind, type Changes } from "~/domain/admin/history";
import { Diff } from "./EntryList";

const NOT_AN_EDIT = "Only an edit can be undone.";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.entryId);
  const entry = id ? await getEntry(id) : null;
  if (!entry || !isRevertible(entry.action, entry.changes)) return { ok: false as const, message: NOT_AN_EDIT };
  // What the undo does: each field from its value after the change back to the one before.
  const back: Changes = Object.fromEntries(Object.entries(entry.changes).map(([c, [old, now]]) => [c, [now, old]]));
  return { ok: true as const, label: entry.label, changes: back };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const back = pageBehind(new URL(request.url));
  const id = parseIdParam(params.entryId);
  const outcome = id ? await revertEntry(id) : ({ ok: false, reason: "not-found" } as const);
  if (outcome.ok) {
    return redirectWithToast(request, back, {
      title: "Change undone",
      description: `"${outcome.value.entry.label}" is back to its earlier values.`,
    });
  }
  const description = outcome.reason === "not-found" ? NOT_AN_EDIT : outcome.message;
  return redirectWithToast(request, back, { title: "Could not undo", description, variant: "destructive" });
}

export function meta() {
  return [{ title: adminPageTitle("Undo change") }];
}

export default function Undo({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const closeTo = pageBehind(`${location.pathname}${location.search}`);
  if (!loaderData.ok) {
    return <RefusedDialog title="Undo change" closeTo={closeTo} message={loaderData.message} backLabel="Back" />;
  }
  return (
    <ConfirmDialog title="Undo this change?" closeTo={closeTo} confirmLabel="Undo" danger={false}>
      <p>These fields of "{loaderData.label}" go back to their earlier values:</p>
      <Diff changes={loaderData.changes} />
    </ConfirmDialog>
  );
}
