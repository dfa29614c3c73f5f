// /admin/cities/:id/images — Browse Images, the city image picker (admin §2 'Cities tab', §8): photos from the
// stock photo service, each chosen by a plain form post; an empty search says so and offers Fetch Image (the
// card's own form). Failures go back to the list with the spec's toast.
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/images";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { buttonClass } from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { adminCitiesPath, listSearch } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { CITY_IMAGE_MESSAGES, unsplashLink } from "~/domain/taxonomy/city-image";
import { cityImageOptions, setCityImage } from "~/workflows/city-images.server";
import { backToListNotFound, done, readForm } from "../form-action.server";

export function meta() {
  return [{ title: adminPageTitle("Choose City Image") }];
}

function failure(request: Request, backTo: string, description: string) {
  return redirectWithToast(request, backTo, { title: "Error", description, variant: "destructive" });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const backTo = adminCitiesPath(listSearch(request.url));
  const options = await cityImageOptions(params.id);
  if (!options.ok) {
    if (options.reason === "not-found") throw await backToListNotFound(request, backTo, "City");
    throw await failure(request, backTo, "message" in options ? options.message : CITY_IMAGE_MESSAGES.optionsFailed);
  }
  const { city, photos } = options.value;
  return { backTo, city: { id: city.id, displayName: city.displayName }, photos };
}

const ChoiceSchema = z.object({ photoId: z.string().trim().min(1).max(100) });

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const backTo = adminCitiesPath(listSearch(request.url));
  const parsed = ChoiceSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return failure(request, backTo, CITY_IMAGE_MESSAGES.selectFailed);
  const outcome = await setCityImage(params.id, { photoId: parsed.data.photoId }, admin.email);
  if (!outcome.ok) {
    if (outcome.reason === "not-found") return backToListNotFound(request, backTo, "City");
    return failure(request, backTo, "message" in outcome ? outcome.message : CITY_IMAGE_MESSAGES.selectFailed);
  }
  return done(request, backTo, { title: "Success", description: CITY_IMAGE_MESSAGES.set(outcome.value.displayName) });
}

export default function CityImages({ loaderData }: Route.ComponentProps) {
  const { backTo, city, photos } = loaderData;
  return (
    <RouteDialog title={`Choose an image for ${city.displayName}`} closeTo={backTo} wide>
      {photos.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center text-gray-600">
          <p>{CITY_IMAGE_MESSAGES.noImageOptions(city.displayName)}</p>
          {/* The card's Fetch Image, here too: it posts to the list, which answers with its toast. */}
          <Form method="post" action={backTo} className="mt-4">
            <input type="hidden" name="intent" value="fetch-image" />
            <input type="hidden" name="cityId" value={city.id} />
            <button type="submit" className={buttonClass.small} aria-label={`Fetch image for ${city.displayName}`}>
              Fetch Image
            </button>
          </Form>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Images">
          {photos.map((photo) => (
            <li key={photo.id} className="overflow-hidden rounded-lg border border-gray-200">
              <figure>
                <img src={photo.thumbUrl} alt={photo.description} className="h-36 w-full object-cover" loading="lazy" />
                <figcaption className="px-3 pt-2 text-xs text-gray-700">
                  Photo by{" "}
                  <a
                    href={unsplashLink(photo.photographerUrl)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="underline"
                  >
                    {photo.photographer}
                  </a>{" "}
                  on Unsplash
                </figcaption>
              </figure>
              <Form method="post" className="p-3">
                <input type="hidden" name="photoId" value={photo.id} />
                <button
                  type="submit"
                  className={buttonClass.primary}
                  aria-label={`Use the photo by ${photo.photographer}`}
                >
                  Use this image
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </RouteDialog>
  );
}
