// City hub (`/{prefix}/{cityId}`) and city guide (`/{prefix}/{cityId}/*`, any path below the city that no
// other page claims): public-site §2 "City hub / guide page". The guide variant has its own title and links.
import { PhotoCredit } from "~/components/PhotoCredit";
import { Link } from "react-router";
import type { Route } from "./+types/city-guide";
import { GeneralErrorBoundary, StatusPage, StatusPageLink } from "~/components/GeneralErrorBoundary";
import { categoriesInCity } from "~/data/categories.server";
import { countActivitiesInCity, getCity } from "~/data/cities.server";
import { getSeoTemplates } from "~/data/seo.server";
import { listTags } from "~/data/tags.server";
import { hubActivityCount } from "~/domain/pages/city-hub";
import { NO_SEARCH_PARAMS, pagePath } from "~/domain/http/canonical";
import { countLabel, pluralize } from "~/domain/counts";
import { cityPageMeta, guidePageTitle } from "~/domain/seo/page-meta";
import { DEFAULT_PAGE_DESCRIPTION } from "~/domain/seo/seo";
import { brandOf, socialMeta } from "~/domain/seo/social-meta";
import { categorySlug, tagFromSlug, type TagSlug } from "~/domain/taxonomy/slug";
import { TAG_SLUGS } from "~/domain/taxonomy/taxonomy";
import { categoryPath, cityPath, cityPrefix, cityThingsToDoPath, guideLink, tagPath } from "~/domain/http/urls";
import { notFound } from "~/http/not-found";
import { NOT_FOUND_CACHE, PUBLIC_PAGE_CACHE } from "~/domain/http/cache";
import { redirectToCanonical, searchParamsInLoader } from "~/http/canonical-url";

/** What 'City not found' says: the id that was asked for. */
type CityGuideNotFound = { cityId: string };

const DEFAULT_CITY_IMAGE = "/images/default-city.svg";

// Browse tiles: icon beside the name where a tile is wide enough for 'Entertainment' that way; in two or
// three columns below 768px the icon sits above the name, and below xs (360px) the tiles take one column. A
// name longer than its tile wraps inside it rather than widening the page.
const TILE =
  "flex h-full items-center gap-3 rounded-lg border border-gray-200 p-4 hover:border-brand focus-visible:outline-2 " +
  "xs:max-md:flex-col xs:max-md:items-start xs:max-md:gap-2 xs:max-md:p-3";

/** The hub and the guide take no search parameters; the loader redirects any, with the path, to the canonical URL. */
export const middleware = searchParamsInLoader(NO_SEARCH_PARAMS);

export async function loader({ params, request }: Route.LoaderArgs) {
  // '{city}' is the hub; '{city}/guide' and any deeper path are the guide variant ('/guide' has its own route
  // entry because a single segment after the city otherwise means a tag, a category or an activity).
  const rest = (params as { "*"?: string })["*"];
  const isGuide = (rest !== undefined && rest !== "") || pagePath(request.url).endsWith("/guide");
  const variant = isGuide ? "guide" : "hub";
  const city = await getCity(params.cityId);
  if (!city) throw notFound<CityGuideNotFound>({ cityId: params.cityId });
  // One URL per page: the city's own prefix, '/guide' for every deeper path, and no query string. A city without a
  // prefix has no guide address (app/domain/http/urls.ts): its hub is the page.
  const hubPath = cityPath(city, city.id);
  const guidePath = cityPrefix(city) === "" ? hubPath : `${hubPath}/guide`;
  redirectToCanonical(request, NO_SEARCH_PARAMS, variant === "guide" ? guidePath : hubPath);

  const [activityCount, categories, tags, templates] = await Promise.all([
    countActivitiesInCity(city.id),
    categoriesInCity(city.id),
    listTags(),
    getSeoTemplates(),
  ]);
  const iconOf = new Map(tags.map((t) => [t.name, t.icon]));
  const interests = (Object.keys(TAG_SLUGS) as TagSlug[]).map((slug) => ({
    slug,
    name: TAG_SLUGS[slug],
    label: tagFromSlug(slug, variant === "guide" ? "guide" : "page")!,
    icon: iconOf.get(TAG_SLUGS[slug]) ?? "",
  }));
  const meta = cityPageMeta(templates, city, activityCount);
  return {
    variant,
    city,
    activityCount,
    categories,
    interests,
    meta: { title: variant === "guide" ? guidePageTitle(city.displayName) : meta.title, description: meta.description },
  };
}

/** The guide is the same for every visitor: CDNs keep it; an unknown city's 404 only a minute. */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": errorHeaders ? NOT_FOUND_CACHE : PUBLIC_PAGE_CACHE };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const brand = brandOf(matches);
  if (!data) return socialMeta({ title: "City not found", description: DEFAULT_PAGE_DESCRIPTION, brand });
  return socialMeta({ title: data.meta.title, description: data.meta.description, brand });
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ error }) => (
          <StatusPage
            heading="City not found"
            message={`The city "${(error.data as CityGuideNotFound).cityId}" is not available.`}
            action={<StatusPageLink to="/cities">Explore Cities</StatusPageLink>}
          />
        ),
      }}
    />
  );
}

export default function CityGuide({ loaderData }: Route.ComponentProps) {
  const { city, variant, activityCount, categories, interests } = loaderData;
  const guide = variant === "guide";
  const allActivities = cityThingsToDoPath(city, city.id);
  const featured = city.showPhotos === 1 && city.featuredImageUrl ? city.featuredImageUrl : null;
  const image = featured ?? DEFAULT_CITY_IMAGE;

  return (
    <main>
      <section className="relative isolate overflow-hidden bg-black text-white">
        <img src={image} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40" />
        <div className="mx-auto max-w-7xl px-4 py-20 md:py-28">
          <h1 className="text-4xl font-extrabold tracking-tight md:text-6xl">
            {guide ? guidePageTitle(city.displayName) : city.displayName}
          </h1>
          {city.description && <p className="mt-3 max-w-2xl text-lg text-gray-100">{city.description}</p>}
          <p className="mt-4 inline-block rounded-full bg-brand px-3 py-1 text-sm font-bold text-black">
            {hubActivityCount(activityCount)}
          </p>
          <div className="mt-8">
            <Link
              to={allActivities}
              className="inline-block rounded-md bg-white px-5 py-3 font-semibold text-black hover:bg-gray-100 focus-visible:outline-2"
            >
              Browse All Activities
            </Link>
          </div>
        </div>
        {featured && (
          <figure className="absolute right-3 bottom-2 text-gray-100">
            <PhotoCredit name={city.featuredImageCreditName} url={city.featuredImageCreditUrl} />
          </figure>
        )}
      </section>

      <div className="mx-auto max-w-7xl px-4 py-12">
        {categories.length > 0 && (
          <section aria-labelledby="browse-category">
            <h2 id="browse-category" className="text-2xl font-bold">
              Browse by Category
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-3 xs:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4">
              {categories.map((c) => (
                <li key={c.name}>
                  <Link
                    to={guide ? guideLink(city, categorySlug(c.name)) : categoryPath(city, city.id, c.name)}
                    className={TILE}
                  >
                    {c.icon && <img src={c.icon} alt="" width={32} height={32} className="h-8 w-8 shrink-0" />}
                    <span className="min-w-0 wrap-anywhere">
                      <span className="block font-semibold">{c.name}</span>
                      <span className="block text-sm text-gray-600">
                        {countLabel(c.activityCount)} {pluralize(c.activityCount, "activity", "activities")}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="browse-interest" className="mt-12">
          <h2 id="browse-interest" className="text-2xl font-bold">
            Browse by Interest
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-3 xs:grid-cols-2 sm:grid-cols-3 lg:grid-cols-5">
            {interests.map((t) => (
              <li key={t.slug}>
                <Link to={guide ? guideLink(city, t.slug) : tagPath(city, city.id, t.name)} className={TILE}>
                  {t.icon && <img src={t.icon} alt="" width={28} height={28} className="h-7 w-7 shrink-0" />}
                  <span className="min-w-0 font-semibold wrap-anywhere">{t.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="ready" className="mt-16 rounded-2xl bg-gray-50 px-6 py-12 text-center">
          <h2 id="ready" className="text-3xl font-bold">
            Ready to Explore {city.displayName}?
          </h2>
          <Link
            to={allActivities}
            className="mt-6 inline-block rounded-md bg-black px-6 py-3 font-semibold text-white focus-visible:outline-2"
          >
            Start Exploring
          </Link>
        </section>
      </div>
    </main>
  );
}
