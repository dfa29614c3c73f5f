// /admin/cities/:id/edit — the Edit City dialog (a modal with JavaScript, a page without).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/edit";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { getCity, updateCity } from "~/data/cities.server";
import { adminCitiesPath, listSearch } from "~/domain/admin-urls";
import { CityUpdateSchema } from "~/domain/city-form";
import { CityForm } from "./CityForm";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Edit ${data?.city.displayName ?? "City"} · Admin Dashboard` }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const city = await getCity(params.id);
  if (!city) throw data(null, { status: 404 });
  return { city, backTo: adminCitiesPath(listSearch(request.url)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: CityUpdateSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await updateCity(params.id, submission.value);
  if (!outcome.ok) throw data(null, { status: 404 });
  return redirectWithToast(request, adminCitiesPath(listSearch(request.url)), {
    title: "Success",
    description: `City “${outcome.value.displayName}” updated`,
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
