// /admin/cities/new — the Add City dialog (a modal with JavaScript, a page without).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/new";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { createCity } from "~/data/cities.server";
import { adminCitiesPath, listSearch } from "~/domain/admin-urls";
import { CitySchema } from "~/domain/city-form";
import { CityForm } from "./CityForm";

export function meta() {
  return [{ title: "Add City · Admin Dashboard" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { backTo: adminCitiesPath(listSearch(request.url)) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: CitySchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await createCity(submission.value);
  if (!outcome.ok) {
    const message = outcome.reason === "conflict" ? outcome.message : "The city could not be created";
    return data({ result: submission.reply({ fieldErrors: { id: [message] } }) }, { status: 409 });
  }
  return redirectWithToast(request, adminCitiesPath(listSearch(request.url)), {
    title: "Success",
    description: `City “${outcome.value.displayName}” created`,
  });
}

export default function NewCity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Add City" closeTo={loaderData.backTo} wide>
      <CityForm lastResult={actionData?.result} backTo={loaderData.backTo} />
    </RouteDialog>
  );
}
