// GET /oembed?url=…&format=json[&maxwidth=&maxheight=] (issue #29): the oEmbed 1.0 'rich' answer for any public
// activity URL, whose html is the embed card's iframe. JSON only: format=xml answers 501, as oEmbed allows.
import { z } from "zod";
import type { Route } from "./+types/oembed";
import { getCity } from "~/data/cities.server";
import { env } from "~/env.server";
import { PUBLIC_API_CACHE } from "~/domain/http/cache";
import { AS_SENT, onlyParams, publicOrigin } from "~/domain/http/canonical";
import { activityRefOfPath, oembedRich, oembedSize } from "~/domain/pages/oembed";
import { cardPhotoSources, photoSize } from "~/domain/activities/photos";
import { CARD_PHOTO_WIDTH_PX } from "~/domain/places/places";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { activityPath } from "~/domain/http/urls";
import { allowMethods, jsonError } from "~/routes/api/responses.server";
import { findActivity } from "~/routes/embed/activity.server";
import { searchParams } from "~/http/canonical-url";

export const middleware = [
  ...allowMethods("GET"),
  ...searchParams(onlyParams({ url: AS_SENT, format: AS_SENT, maxwidth: AS_SENT, maxheight: AS_SENT })),
];

const bound = z.coerce.number().int().min(1).max(10_000).optional();
const query = z.object({
  url: z.string().trim().min(1).max(2048),
  format: z.enum(["json", "xml"]).default("json"),
  maxwidth: bound,
  maxheight: bound,
});

/** Any origin may read it: publishing tools ask from their servers and, now and then, from a browser. */
const CORS = { "Access-Control-Allow-Origin": "*" };

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    return jsonError(
      400,
      "url is required, format is json or xml, maxwidth and maxheight are positive integers",
      undefined,
      { headers: CORS },
    );
  const { url, format, maxwidth, maxheight } = parsed.data;
  if (format === "xml") return jsonError(501, "Only format=json is answered", undefined, { headers: CORS });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return jsonError(400, "url is not an absolute URL", undefined, { headers: CORS });
  }
  const origin = publicOrigin(env().PUBLIC_URL, request.url);
  const ref = target.origin === origin ? activityRefOfPath(target.pathname) : null;
  const row = ref ? await findActivity(ref) : null;
  const city = row ? await getCity(row.cityId) : null;
  if (!row || !city) return jsonError(404, "No activity of this site has that URL", undefined, { headers: CORS });
  // A photo of its own comes from the photo service at the card's size; a category illustration is no thumbnail.
  const photo = cardPhotoSources(row);
  const thumbnail = photo.srcSet
    ? { url: absoluteUrl(origin, photo.src), ...photoSize(CARD_PHOTO_WIDTH_PX, "card") }
    : undefined;
  const answer = oembedRich(
    { title: row.title, embedUrl: absoluteUrl(origin, `/embed${activityPath(city, row.title)}`), thumbnail },
    { name: env().BRAND_NAME, url: origin },
    oembedSize({ maxwidth, maxheight }),
  );
  return Response.json(answer, { headers: { ...CORS, "Cache-Control": PUBLIC_API_CACHE } });
}
