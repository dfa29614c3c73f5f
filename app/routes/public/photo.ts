// /photos/{activity id}/{width}x{height}?v={version}: an activity's photo drawn by the photo service
// (services/photo-service.server.ts) at one of PHOTO_WIDTHS in the shape of a card or of the detail page's photo
// (PHOTO_SHAPES), as AVIF, WebP or JPEG by the Accept header. The pages name these addresses (domain/activities/photos.ts
// cardPhotoSources, detailPhotoSources); the version is the source's, so a current address is kept for good and an
// outdated one gets the current photo for a few minutes.
import { z } from "zod";
import type { Route } from "./+types/photo";
import { getActivityPhotoFields } from "~/data/activities/rows.server";
import { OUTDATED_PHOTO_CACHE, photoCacheControl } from "~/domain/http/cache";
import { idParamSchema } from "~/domain/form-values";
import {
  parsePhotoSize,
  photoChoice,
  photoFormat,
  photoServiceSource,
  photoVersion,
  type PhotoSize,
} from "~/domain/activities/photos";
import { drawPhoto, PhotoUnavailableError } from "~/services/photo-service.server";
import { AS_SENT, onlyParams } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

const photoParams = z.object({
  id: idParamSchema,
  size: z
    .string()
    .max(9)
    .transform(parsePhotoSize)
    .refine((size): size is PhotoSize => size !== null),
});

function plain(status: number, message: string, cacheControl: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl },
  });
}

export const middleware = searchParams(onlyParams({ v: AS_SENT }));

export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = photoParams.safeParse(params);
  if (!parsed.success) return plain(404, "No such photo", OUTDATED_PHOTO_CACHE);
  const { id, size } = parsed.data;
  const activity = await getActivityPhotoFields(id);
  const source = activity ? photoServiceSource(activity, size.width) : null;
  if (!source) return plain(404, "No such photo", OUTDATED_PHOTO_CACHE);
  const format = photoFormat(request.headers.get("Accept"));
  try {
    const photo = await drawPhoto(source, size, format);
    const current = new URL(request.url).searchParams.get("v") === photoVersion(source);
    return new Response(photo.body, {
      headers: {
        "Content-Type": photo.contentType,
        "Content-Length": String(photo.body.length),
        "Cache-Control": photoCacheControl(photoChoice(activity!).source === "google", current),
        Vary: "Accept",
      },
    });
  } catch (error) {
    if (!(error instanceof PhotoUnavailableError)) throw error;
    // The page's image falls back to the custom photo or the category's illustration (ActivityPhoto).
    return plain(502, "The photo could not be loaded", "no-store");
  }
}
