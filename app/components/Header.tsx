import type { ReactNode } from "react";
import { Link } from "react-router";
import { useRootData } from "~/root";
import { SearchBox, type SearchContext } from "~/components/SearchBox";

/**
 * The sticky site header: logo to /, the search box (or what `children` puts in its place), and the two
 * external links. The city activities page passes searchContext="city" for its longer suggestion lists.
 */
export function Header({
  children,
  searchContext = "default",
}: {
  children?: ReactNode;
  searchContext?: SearchContext;
}) {
  const root = useRootData();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 md:flex-nowrap">
        <Link to="/" className="shrink-0" aria-label={`${root?.brand ?? "Things To Do"} home`}>
          <img src="/logo.svg" alt="" width={160} height={32} className="h-8 w-auto" />
        </Link>
        <div className="order-last w-full min-w-0 md:order-none md:w-auto md:flex-1">
          {children ?? <SearchBox context={searchContext} />}
        </div>
        {root && (
          <nav aria-label="External" className="ml-auto flex shrink-0 items-center gap-4 text-sm font-medium">
            <a href={root.externalLinks.explorePlaces} className="hover:text-brand-dark" rel="noopener">
              Explore Places
            </a>
            <a href={root.externalLinks.travelLists} className="hover:text-brand-dark" rel="noopener">
              Travel Lists
            </a>
          </nav>
        )}
      </div>
    </header>
  );
}
