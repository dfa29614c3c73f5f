// /admin/cities/:id/edit — the Edit City dialog (a modal with JavaScript, a page without). The form carries the
// version it was opened from; a save after someone else's is refused with their changes marked.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { cityFormState, updateCity } from "~/data/cities.server";
import { adminCitiesPath, listSearch } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { CityUpdateSchema } from "~/domain/taxonomy/city-form";
import { backToListNotFound, saveEdit } from "../form-action.server";
import { CityForm } from "./CityForm";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: adminPageTitle(`Edit ${data?.city.displayName ?? "City"}`) }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const backTo = adminCitiesPath(listSearch(request.url));
  const state = await cityFormState(params.id);
  if (!state) throw await backToListNotFound(request, backTo, "City");
  const { updatedBy: _, ...city } = state.city;
  return { city, backTo, versioned: { version: state.version, opened: state.values } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const backTo = adminCitiesPath(listSearch(request.url));
  return saveEdit(request, {
    schema: CityUpdateSchema,
    write: (input, version) => updateCity(params.id, input, { by: admin.email, version }),
    current: () => cityFormState(params.id),
    listUrl: backTo,
    thing: "City",
    success: (city) => ({ title: "Success", description: `City “${city.displayName}” updated` }),
  });
}

export default function EditCity({ loaderData, actionData }: Route.ComponentProps) {
  const { city, backTo } = loaderData;
  return (
    <RouteDialog title="Edit City" closeTo={backTo} wide>
      <CityForm
        city={city}
        lastResult={actionData?.result}
        backTo={backTo}
        versioned={actionData?.versioned ?? loaderData.versioned}
      />
    </RouteDialog>
  );
}
