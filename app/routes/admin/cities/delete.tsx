// /admin/cities/:id/delete — the delete confirmation. A city that still has activities cannot be deleted
// (the schema restricts it): the dialog says how many instead of offering the button.
import { Link } from "react-router";
import type { Route } from "./+types/delete";
import { requireAdmin } from "~/auth/session.server";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { buttonClass } from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { cityInUseMessage, deleteCity, getCityWithActivityCount } from "~/data/cities.server";
import { adminCitiesPath, listSearch } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { TRASH_NOTE } from "~/domain/admin/history";
import { backToListNotFound, done, failed } from "../form-action.server";

export function meta() {
  return [{ title: adminPageTitle("Delete City") }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const backTo = adminCitiesPath(listSearch(request.url));
  const city = await getCityWithActivityCount(params.id);
  if (!city) throw await backToListNotFound(request, backTo, "City");
  return {
    city: { id: city.id, displayName: city.displayName, activityCount: city.activityCount },
    inUse: city.activityCount > 0 ? cityInUseMessage(city.displayName, city.activityCount) : null,
    backTo,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const back = adminCitiesPath(listSearch(request.url));
  const outcome = await deleteCity(params.id);
  if (!outcome.ok) {
    return outcome.reason === "not-found"
      ? backToListNotFound(request, back, "City")
      : failed(request, back, outcome.message);
  }
  return done(request, back, { title: "Success", description: `City “${outcome.value.displayName}” deleted` });
}

export default function DeleteCity({ loaderData }: Route.ComponentProps) {
  const { city, inUse, backTo } = loaderData;
  if (inUse) {
    return (
      <RouteDialog title="Delete City" closeTo={backTo}>
        <p role="alert" className="text-gray-800">
          {inUse}
        </p>
        <div className="mt-6 flex justify-end">
          <Link to={backTo} preventScrollReset className={buttonClass.secondary}>
            Close
          </Link>
        </div>
      </RouteDialog>
    );
  }
  return (
    <ConfirmDialog title="Delete City" closeTo={backTo}>
      <p className="text-gray-800">
        Are you sure you want to delete "{city.displayName}"? {TRASH_NOTE}
      </p>
    </ConfirmDialog>
  );
}
