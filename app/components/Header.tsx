import type { ReactNode } from "react";
import { Link } from "react-router";
import { useRootData } from "~/root";

/** The sticky site header: logo to /, an optional slot (search), and the two external links. */
export function Header({ children }: { children?: ReactNode }) {
  const root = useRootData();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Link to="/" className="shrink-0" aria-label={`${root?.brand ?? "Things To Do"} home`}>
          <img src="/logo.svg" alt="" width={160} height={32} className="h-8 w-auto" />
        </Link>
        <div className="min-w-0 flex-1">{children}</div>
        {root && (
          <nav aria-label="External" className="flex shrink-0 items-center gap-4 text-sm font-medium">
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
