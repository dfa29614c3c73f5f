// The one place that decides which map the site draws; loaders put the answer in the page's data, so the
// browser knows the library and style without another request.
import { chooseMap, type MapSetup } from "~/domain/pages/map";
import { env } from "~/env.server";

export function mapSetup(): MapSetup {
  const { MAPBOX_TOKEN, MAPBOX_STYLE, MAP_STYLE_URL } = env();
  return chooseMap({ mapboxToken: MAPBOX_TOKEN, mapboxStyle: MAPBOX_STYLE, openStyleUrl: MAP_STYLE_URL });
}
