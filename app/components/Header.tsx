import { Suspense } from "react";
import { Link } from "react-router";
import { SearchBox, type SearchContext } from "~/components/SearchBox";
import { useSiteFrame } from "~/components/site-frame";

/** What a page may change in its header (public pages say it in their route `handle`; see routes/public/layout.tsx). */
export type HeaderOptions = {
  /** The city activities page's longer suggestion lists. */
  searchContext?: SearchContext;
  /** A link in place of the search box: the detail page's '← Back to {city}'. */
  back?: { to: string; label: string };
};

/** The sticky site header: logo to /, the search box (or the page's back link), and the two external links. */
export function Header({ searchContext = "default", back }: HeaderOptions) {
  const frame = useSiteFrame();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 md:flex-nowrap">
        <Link to="/" className="shrink-0" aria-label={`${frame.brand} home`}>
          <img src="/logo.svg" alt="" width={160} height={32} className="h-8 w-auto" />
        </Link>
        <div className="order-last w-full min-w-0 md:order-none md:w-auto md:flex-1">
          {back ? (
            <Link to={back.to} className="text-sm font-medium hover:text-brand-dark">
              ← {back.label}
            </Link>
          ) : (
            // A region of its own: React hydrates it apart from the page, and first when it is tapped (decision 028).
            <Suspense>
              <SearchBox context={searchContext} />
            </Suspense>
          )}
        </div>
        {frame.explorePlacesUrl && (
          <nav aria-label="External" className="ml-auto flex shrink-0 items-center gap-4 text-sm font-medium">
            <a href={frame.explorePlacesUrl} className="hover:text-brand-dark" rel="noopener">
              Explore Places
            </a>
            <a href={frame.travelListsUrl} className="hover:text-brand-dark" rel="noopener">
              Travel Lists
            </a>
          </nav>
        )}
      </div>
    </header>
  );
}
