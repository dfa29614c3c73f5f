// /admin/cities/:id/edit — the Edit City dialog (a modal with JavaScript, a page without).
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { getCity, updateCity } from "~/data/cities.server";
import { adminCitiesPath, listSearch } from "~/domain/admin-urls";
import { adminPageTitle } from "~/domain/admin-user";
import { CityUpdateSchema } from "~/domain/city-form";
import { answerWrite, invalid, notFound, readSubmission } from "../form-action.server";
import { CityForm } from "./CityForm";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: adminPageTitle(`Edit ${data?.city.displayName ?? "City"}`) }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const backTo = adminCitiesPath(listSearch(request.url));
  const city = await getCity(params.id);
  if (!city) throw await notFound(request, backTo, "City");
  return { city, backTo };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const backTo = adminCitiesPath(listSearch(request.url));
  const submission = await readSubmission(request, CityUpdateSchema);
  if (submission.status !== "success") return invalid(submission);
  return answerWrite(request, submission, await updateCity(params.id, submission.value), {
    listUrl: backTo,
    thing: "City",
    success: (city) => ({ title: "Success", description: `City “${city.displayName}” updated` }),
  });
}

export default function EditCity({ loaderData, actionData }: Route.ComponentProps) {
  const { city, backTo } = loaderData;
  return (
    <RouteDialog title="Edit City" closeTo={backTo} wide>
      <CityForm city={city} lastResult={actionData?.result} backTo={backTo} />
    </RouteDialog>
  );
}
