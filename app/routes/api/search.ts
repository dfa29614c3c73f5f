// GET /api/search?q=&limit=: the header search dropdown's suggestions, at most `limit` cities and `limit`
// activities (3 on desktop, 5 in the mobile overlay, 5 and 10 on a city page).
import { z } from "zod";
import type { Route } from "./+types/search";
import { suggestActivities } from "~/data/activities/discover.server";
import { CITY_SEARCH_FIELDS, searchCities } from "~/data/cities.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import { SEARCH_LIMITS, type SearchSuggestions } from "~/domain/pages/search";
import { activityPath, cityThingsToDoPath } from "~/domain/http/urls";
import { allowMethods } from "./responses.server";
import { AS_SENT, onlyParams } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET"), ...searchParams(onlyParams({ q: AS_SENT, limit: AS_SENT }))];

export const SEARCH_SUGGESTION_MAX = SEARCH_LIMITS.cityPageOverlay;

const query = z.object({
  q: z.string().trim().max(200).catch(""),
  limit: z.coerce.number().int().min(1).max(SEARCH_SUGGESTION_MAX).catch(SEARCH_LIMITS.dropdown.cities),
});

export async function loader({ request }: Route.LoaderArgs) {
  const { q, limit } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [cities, activities] = await Promise.all([
    searchCities(q, { fields: CITY_SEARCH_FIELDS, limit, whenEmpty: "none" }),
    suggestActivities(q, { limit }),
  ]);
  const body: SearchSuggestions = {
    q,
    cities: cities.map((c) => ({
      id: c.id,
      displayName: c.displayName,
      state: c.state,
      href: cityThingsToDoPath(c, c.id),
    })),
    activities: activities.map((a) => ({
      id: a.id,
      title: a.title,
      category: a.category,
      cityName: a.city.displayName,
      href: activityPath(a.city, a.title),
    })),
  };
  return Response.json(body, { headers: { "Cache-Control": publicCacheControl(MINUTE_S) } });
}
