import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Header } from "~/components/Header";
import { citiesWithCounts } from "~/data/cities.server";
import { cityThingsToDoPath } from "~/domain/urls";
import { countLabel } from "~/domain/counts";
import { DEFAULT_PAGE_DESCRIPTION, pageTitle } from "~/domain/seo";

export async function loader() {
  const cities = await citiesWithCounts();
  return { cities };
}

export function meta({ matches }: Route.MetaArgs) {
  const brand = (matches[0]?.data as { brand?: string } | undefined)?.brand ?? "Things To Do";
  return [{ title: pageTitle("Find Things To Do", brand) }, { name: "description", content: DEFAULT_PAGE_DESCRIPTION }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Header />
      <main className="mx-auto max-w-7xl px-4 py-10">
        <h1 className="text-4xl font-extrabold tracking-tight">
          Find something to do <span className="text-brand-dark">today</span>
        </h1>
        <h2 className="mt-10 text-2xl font-bold">Cities</h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.cities.map((city) => (
            <li key={city.id}>
              <Link
                to={cityThingsToDoPath(city, city.id)}
                className="block rounded-lg border border-gray-200 p-4 hover:border-brand focus-visible:outline-2"
              >
                <span className="block font-semibold">{city.displayName}</span>
                <span className="block text-sm text-gray-600">
                  {city.state} · {countLabel(city.activityCount)} activities
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
