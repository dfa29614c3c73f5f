// /admin/cities/new — the Add City dialog (a modal with JavaScript, a page without).
import type { Route } from "./+types/new";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { createCity } from "~/data/cities.server";
import { adminCitiesPath, listSearch } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { CitySchema } from "~/domain/taxonomy/city-form";
import { createFromForm } from "../form-action.server";
import { CityForm } from "./CityForm";

export function meta() {
  return [{ title: adminPageTitle("Add City") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { backTo: adminCitiesPath(listSearch(request.url)) };
}

export async function action({ request }: Route.ActionArgs) {
  return createFromForm(request, CitySchema, createCity, {
    listUrl: adminCitiesPath(listSearch(request.url)),
    thing: "City",
    name: (city) => city.displayName,
  });
}

export default function NewCity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Add City" closeTo={loaderData.backTo} wide>
      <CityForm lastResult={actionData?.result} backTo={loaderData.backTo} />
    </RouteDialog>
  );
}
