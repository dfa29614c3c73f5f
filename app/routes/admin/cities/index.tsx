// /admin/cities — the Cities tab (spec/admin.md §2): total, search, city cards with the show-photos switch;
// the add / edit / delete dialogs render in the Outlet.
import { Form, Link, Outlet, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/index";
import { readForm } from "../form-action.server";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { EmptyState, RowActions, TabHeading } from "~/components/AdminTab";
import { buttonClass } from "~/components/FormFields";
import { countCities, searchCities, setCityShowPhotos } from "~/data/cities.server";
import { CITY_IMAGE_MESSAGES, FREE_IMAGE_REQUESTS_PER_MONTH } from "~/domain/taxonomy/city-image";
import { fetchCityImage } from "~/workflows/city-images.server";
import { unsplashConfigured } from "~/services/unsplash.server";
import { PhotoCredit } from "~/components/PhotoCredit";
import {
  adminCitiesPath,
  adminCityImagesPath,
  adminDeleteCityPath,
  adminEditCityPath,
  adminNewCityPath,
  listSearch,
} from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { historyPath } from "~/domain/admin/history";
import {
  cityIdSchema,
  CityPhotoToggleSchema,
  PHOTO_TOGGLE_FAILED,
  photoToggleToast,
} from "~/domain/taxonomy/city-form";
import { cityThingsToDoPath } from "~/domain/http/urls";

const SearchSchema = z.object({ q: z.string().trim().max(200).catch("") });

export function meta() {
  return [{ title: adminPageTitle("Cities") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q } = SearchSchema.parse({ q: new URL(request.url).searchParams.get("q") ?? "" });
  const [cities, total] = await Promise.all([
    searchCities(q, { fields: ["name", "displayName", "state", "description"] }),
    countCities(),
  ]);
  return { q, cities, total, imagesConfigured: unsplashConfigured() };
}

const FetchImageSchema = z.object({ intent: z.literal("fetch-image"), cityId: cityIdSchema });

/** A city card's forms: the show-photos switch, and Fetch Image (admin §2 'Cities tab'). */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const back = adminCitiesPath(listSearch(request.url));
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === "fetch-image") {
    const parsed = FetchImageSchema.safeParse(form);
    const outcome = parsed.success ? await fetchCityImage(parsed.data.cityId, admin.email) : null;
    if (!outcome?.ok) {
      const description = outcome && outcome.reason === "refused" ? outcome.message : CITY_IMAGE_MESSAGES.setFailed;
      return redirectWithToast(request, back, { title: "Error", description, variant: "destructive" });
    }
    return redirectWithToast(request, back, {
      title: "Success",
      description: CITY_IMAGE_MESSAGES.set(outcome.value.displayName),
    });
  }
  const parsed = CityPhotoToggleSchema.safeParse(form);
  if (!parsed.success) return redirectWithToast(request, back, PHOTO_TOGGLE_FAILED);
  const outcome = await setCityShowPhotos(parsed.data.cityId, parsed.data.showPhotos, admin.email).catch(() => null);
  if (!outcome?.ok) return redirectWithToast(request, back, PHOTO_TOGGLE_FAILED);
  return redirectWithToast(request, back, photoToggleToast(outcome.value.displayName, parsed.data.showPhotos));
}

type CityCard = Route.ComponentProps["loaderData"]["cities"][number];

export default function CitiesTab({ loaderData }: Route.ComponentProps) {
  const { q, cities, total, imagesConfigured } = loaderData;
  const search = q ? { q } : {};
  return (
    <section aria-labelledby="cities-heading">
      <TabHeading id="cities-heading" title="Cities" addLabel="Add City" addTo={adminNewCityPath(search)} />

      <p className="mt-4 rounded-lg bg-brand/15 px-4 py-3 text-sm font-medium">
        Total Cities: <strong>{total}</strong>
      </p>

      <p className="mt-3 text-sm text-gray-600">
        {imagesConfigured
          ? `City images come from Unsplash (free plan: ${FREE_IMAGE_REQUESTS_PER_MONTH.toLocaleString("en-US")} requests a month).`
          : CITY_IMAGE_MESSAGES.notConfigured}
      </p>

      <Form method="get" action={adminCitiesPath()} role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <label htmlFor="city-search" className="block text-sm font-medium text-gray-800">
            Search cities
          </label>
          <input
            id="city-search"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Name, display name, state or description"
            className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
        {q && (
          <Link to={adminCitiesPath()} className={buttonClass.secondary}>
            Clear
          </Link>
        )}
      </Form>

      {q && cities.length > 0 && (
        <p className="mt-3 text-sm text-gray-600" aria-live="polite">
          {cities.length} of {total} cities match “{q}”
        </p>
      )}

      {cities.length === 0 ? (
        <EmptyState>{q ? "No cities found matching your search" : "No cities found"}</EmptyState>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Cities">
          {cities.map((city) => (
            <CityCardView key={city.id} city={city} search={search} imagesConfigured={imagesConfigured} />
          ))}
        </ul>
      )}

      <Outlet />
    </section>
  );
}

function CityCardView({
  city,
  search,
  imagesConfigured,
}: {
  city: CityCard;
  search: { q?: string };
  imagesConfigured: boolean;
}) {
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
      aria-label={city.displayName}
    >
      {city.featuredImageUrl && (
        <figure>
          <img src={city.featuredImageUrl} alt="" className="h-32 w-full object-cover" loading="lazy" />
          <PhotoCredit name={city.featuredImageCreditName} url={city.featuredImageCreditUrl} className="px-4 pt-1" />
        </figure>
      )}
      <div className="flex flex-1 flex-col p-4">
        <h2 className="text-lg font-semibold">{city.displayName}</h2>
        <p className="text-sm text-gray-600">
          {[city.state, city.country].filter(Boolean).join(", ")} · <code className="text-xs">{city.id}</code>
        </p>
        <p className="mt-2 line-clamp-3 text-sm text-gray-700">{city.description}</p>
        <dl className="mt-3 grid grid-cols-2 gap-1 text-xs text-gray-600">
          <dt>Activities</dt>
          <dd className="font-medium text-gray-900">{city.activityCount}</dd>
          <dt>Radius</dt>
          <dd className="font-medium text-gray-900">{city.radius} miles</dd>
        </dl>
        <div className="mt-4">
          <PhotoSwitch city={city} />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post" action={adminCitiesPath(search)}>
            <input type="hidden" name="intent" value="fetch-image" />
            <input type="hidden" name="cityId" value={city.id} />
            <button
              type="submit"
              disabled={!imagesConfigured}
              className={buttonClass.small}
              aria-label={`Fetch image for ${city.displayName}`}
            >
              Fetch Image
            </button>
          </Form>
          {imagesConfigured ? (
            <Link
              to={adminCityImagesPath(city.id, search)}
              preventScrollReset
              className={buttonClass.small}
              aria-label={`Browse images for ${city.displayName}`}
            >
              Browse Images
            </Link>
          ) : (
            <span className={`${buttonClass.small} opacity-50`} aria-disabled="true">
              Browse Images
            </span>
          )}
        </div>
        <RowActions
          name={city.displayName}
          historyTo={historyPath("city", city.id)}
          editTo={adminEditCityPath(city.id, search)}
          deleteTo={adminDeleteCityPath(city.id, search)}
          className="mt-4 flex flex-wrap gap-2 border-t border-gray-100 pt-3"
        >
          <a
            href={cityThingsToDoPath(city, city.id)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass.small}
            aria-label={`View city page of ${city.displayName} (opens in a new tab)`}
          >
            View city page
          </a>
        </RowActions>
      </div>
    </li>
  );
}

/** showPhotos 1 ⇄ 0 straight from the card: a POST form; with JavaScript a fetcher that flips at once. */
function PhotoSwitch({ city }: { city: CityCard }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("showPhotos");
  const on = pending != null ? pending === "1" : city.showPhotos === 1;
  return (
    <fetcher.Form method="post" preventScrollReset className="flex items-center gap-3">
      <input type="hidden" name="cityId" value={city.id} />
      <input type="hidden" name="showPhotos" value={on ? "0" : "1"} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={`Show photos for ${city.displayName}`}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${on ? "bg-brand" : "bg-gray-300"}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : "translate-x-0.5"}`}
        />
      </button>
      <span className="text-sm text-gray-700" aria-hidden="true">
        Show photos: {on ? "on" : "off"}
      </span>
    </fetcher.Form>
  );
}
