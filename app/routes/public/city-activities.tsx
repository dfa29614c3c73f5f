// /{prefix}/{cityId}/things-to-do — the city activities page: filters, list and map.
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/city-activities";
import { CITY_PAGE_CACHE_CONTROL, loadCityPage } from "./city-page.server";
import { CityPage, CityPageErrorBoundary, cityPageMeta, cityPageShouldRevalidate } from "./city-page";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadCityPage(request, params);
}

export function headers(): HeadersInit {
  return { "Cache-Control": CITY_PAGE_CACHE_CONTROL };
}

export function meta({ data, error, matches }: Route.MetaArgs) {
  return cityPageMeta({ data, error, matches });
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return cityPageShouldRevalidate(args);
}

export default function CityActivities({ loaderData }: Route.ComponentProps) {
  return <CityPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CityPageErrorBoundary error={error} />;
}
