// /{prefix}/{cityId}/{segment} — a tag landing page (the nine tag slugs) or a category page (a category's slug):
// the city activities page with that tag or category fixed. An activity's slug redirects to its detail page;
// anything else is 'Category Not Found'.
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/city-segment";
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

export default function CitySegment({ loaderData }: Route.ComponentProps) {
  return <CityPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CityPageErrorBoundary error={error} />;
}
