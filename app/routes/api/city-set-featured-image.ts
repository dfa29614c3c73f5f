// POST /api/cities/:id/set-featured-image — { imageUrl } (admin §7), or { photoId } of a photo from image-options,
// whose URL and credit are then asked of the stock photo service; answers the city.
import { z } from "zod";
import type { Route } from "./+types/city-set-featured-image";
import { requireAdminApi } from "~/auth/session.server";
import { isHttpUrl } from "~/domain/form-values";
import { toPublicCity } from "~/data/cities.server";
import { setCityImage } from "~/workflows/city-images.server";
import { allowMethods, writeFromJson } from "./responses.server";

export const middleware = allowMethods("POST");

const body = z.union([
  z.object({ photoId: z.string().trim().min(1).max(100) }),
  z.object({
    imageUrl: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => isHttpUrl(v), "imageUrl must be an http(s) URL"),
  }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  return writeFromJson(request, body, (choice) => setCityImage(params.id, choice), {
    notFound: "City not found",
    shape: toPublicCity,
  });
}
