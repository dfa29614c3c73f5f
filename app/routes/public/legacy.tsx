// The prefix-less shapes '/{cityId}', '/{cityId}/things-to-do', '/{cityId}/things-to-do/{slug}' and
// '/{cityId}/{segment}' (public-site §2; the URL set is written down in app/domain/http/urls.ts). For a city whose state
// or country has a prefix they are legacy paths (e.g. /nashville), answered here with a permanent redirect to the
// canonical URL; for a city without one they are its own pages, rendered by the child routes. An unknown city, or a
// segment that names nothing of the city, is the root '404 Page Not Found'.
import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/legacy";
import { getActivityBySlug, getActivityRow } from "~/data/activities/rows.server";
import { getCity } from "~/data/cities.server";
import { listCategoryNames } from "~/data/categories.server";
import { legacyCityPagePath, legacySegment } from "~/domain/pages/activity-detail";
import { activityPath, cityPath, cityPrefix, cityThingsToDoPath } from "~/domain/http/urls";
import { notFound } from "~/http/not-found";

type City = NonNullable<Awaited<ReturnType<typeof getCity>>>;

/** Where the path's page lives, or null when it names nothing. */
async function canonicalTarget(city: City, segment: string | undefined, isThingsToDo: boolean): Promise<string | null> {
  if (isThingsToDo) return cityThingsToDoPath(city, city.id);
  // The legacy '/{cityId}' always meant the city's activities; without a prefix the shape is the city page.
  if (segment === undefined)
    return cityPrefix(city) !== "" ? cityThingsToDoPath(city, city.id) : cityPath(city, city.id);
  const categories = await listCategoryNames();
  const kind = legacySegment(segment, categories);
  if (kind.kind === "cityPage") return legacyCityPagePath(city, kind.segment, categories);
  const row = kind.kind === "activityId" ? await getActivityRow(kind.id) : await getActivityBySlug(city.id, kind.slug);
  if (!row || row.cityId !== city.id) return null;
  return activityPath(city, row.title);
}

export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, pattern, url }, next) => {
    const city = await getCity(params.cityId.toLowerCase());
    if (!city) throw notFound();
    // The detail loader itself redirects a non-canonical address and says 'Activity Not Found' for the city.
    if ("activitySlug" in params && params.activitySlug !== undefined) return next();
    const segment = "segment" in params ? params.segment : undefined;
    // The matched pattern, e.g. ':cityId/things-to-do' (React Router leaves out the root's empty path).
    const isThingsToDo = pattern.replace(/^\/+/, "") === ":cityId/things-to-do";
    const target = await canonicalTarget(city, segment, isThingsToDo);
    if (target === null) throw notFound();
    if (target !== url.pathname) throw redirect(target + url.search, 301);
    return next();
  },
];

export default function PrefixlessCity() {
  return <Outlet />;
}
