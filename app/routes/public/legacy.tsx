// Legacy paths (public-site §2): '/{cityId}' (e.g. /nashville, /los-angeles, /atlanta, /san-antonio) and
// '/{cityId}/{activityId or slug}' answer a permanent redirect to the canonical URL; anything else is a 404.
import { data, redirect } from "react-router";
import type { Route } from "./+types/legacy";
import { getActivityBySlug, getActivityRow } from "~/data/activities.server";
import { getCity } from "~/data/cities.server";
import { listCategoryNames } from "~/data/public-lookups.server";
import { legacyCityPagePath, legacySegment } from "~/domain/activity-detail";
import { pagePath } from "~/domain/canonical";
import { activityPath, cityPrefix, cityThingsToDoPath, withSearchParams } from "~/domain/urls";

function pageNotFound(): never {
  throw data(null, { status: 404 });
}

async function canonicalTarget(cityId: string, segment: string | undefined): Promise<string | null> {
  const city = await getCity(cityId.toLowerCase());
  // A city whose state has no known mapping has '/{cityId}' as its canonical path, which is this very shape:
  // redirecting would loop or land on a 404, and no page owns the prefix-less shapes yet, so it is a 404.
  if (!city || cityPrefix(city) === "") return null;
  if (segment === undefined) return cityThingsToDoPath(city, city.id);
  const categories = await listCategoryNames();
  const kind = legacySegment(segment, categories);
  if (kind.kind === "cityPage") return legacyCityPagePath(city, kind.segment, categories);
  const row =
    kind.kind === "activityId" ? await getActivityRow(kind.id) : await getActivityBySlug(city.id, kind.slug);
  if (!row || row.cityId !== city.id) return null;
  return activityPath(city, row.title);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const target = await canonicalTarget(params.cityId, "activityId" in params ? params.activityId : undefined);
  const url = new URL(request.url);
  if (!target || target === pagePath(request.url)) pageNotFound();
  const query: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) (query[key] ??= []).push(value);
  throw redirect(withSearchParams(target, query), 301);
}

// A page module (not a resource route), so the 404 renders the root '404 Page Not Found' page.
export default function LegacyPath() {
  return null;
}
