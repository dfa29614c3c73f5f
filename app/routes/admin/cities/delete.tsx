// /admin/cities/:id/delete — the delete confirmation. A city that still has activities cannot be deleted
// (the schema restricts it): the dialog says how many instead of offering the button.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/delete";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { buttonClass } from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { cityInUseMessage, deleteCity, getCityWithActivityCount } from "~/data/cities.server";
import { adminCitiesPath, listSearch } from "~/domain/admin-urls";

export function meta() {
  return [{ title: "Delete City · Admin Dashboard" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const city = await getCityWithActivityCount(params.id);
  if (!city) throw data(null, { status: 404 });
  return {
    city: { id: city.id, displayName: city.displayName, activityCount: city.activityCount },
    inUse: city.activityCount > 0 ? cityInUseMessage(city.displayName, city.activityCount) : null,
    backTo: adminCitiesPath(listSearch(request.url)),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const back = adminCitiesPath(listSearch(request.url));
  const outcome = await deleteCity(params.id);
  if (!outcome.ok) {
    const description = outcome.reason === "not-found" ? "City not found." : outcome.message;
    return redirectWithToast(request, back, { title: "Error", description, variant: "destructive" });
  }
  return redirectWithToast(request, back, {
    title: "Success",
    description: `City “${outcome.value.displayName}” deleted`,
  });
}

export default function DeleteCity({ loaderData }: Route.ComponentProps) {
  const { city, inUse, backTo } = loaderData;
  return (
    <RouteDialog title="Delete City" closeTo={backTo}>
      {inUse ? (
        <>
          <p role="alert" className="text-gray-800">
            {inUse}
          </p>
          <div className="mt-6 flex justify-end">
            <Link to={backTo} preventScrollReset className={buttonClass.secondary}>
              Close
            </Link>
          </div>
        </>
      ) : (
        <Form method="post">
          <p className="text-gray-800">
            Are you sure you want to delete "{city.displayName}"? This action cannot be undone.
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <Link to={backTo} preventScrollReset className={buttonClass.secondary}>
              Cancel
            </Link>
            <button type="submit" className={buttonClass.danger}>
              Delete
            </button>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}
