// Previous, up to five page numbers and Next (public-site §2 "City activities page", §9; admin §9), as links, so
// paging works without JavaScript; the page's own URL for a page number comes from `href`.
import { Link } from "react-router";
import { pageWindow, showingText } from "~/domain/pages/pagination";

const BUTTON =
  "min-w-10 rounded-md border px-3 py-2 text-center text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";
const ENABLED = `${BUTTON} border-gray-300 hover:border-gray-500`;
const DISABLED = `${BUTTON} border-gray-200 text-gray-500`;

export function Pagination({
  page,
  pageCount,
  href,
  summary,
  preventScrollReset = false,
  className = "",
  pages = pageWindow(page, pageCount),
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  /** 'Showing x to y of z activities' above the buttons, shown for a single page too (the admin list). */
  summary?: { total: number; pageSize: number };
  /** The page keeps its scroll position (the city page brings its list into view itself). */
  preventScrollReset?: boolean;
  className?: string;
  /** The numbered buttons: by default up to five around the current page. */
  pages?: number[];
}) {
  const buttons =
    pageCount > 1 ? (
      <>
        {page > 1 ? (
          <Link to={href(page - 1)} preventScrollReset={preventScrollReset} className={ENABLED} rel="prev">
            Previous
          </Link>
        ) : (
          <span className={DISABLED} aria-disabled="true">
            Previous
          </span>
        )}
        {pages.map((n) => (
          <Link
            key={n}
            to={href(n)}
            preventScrollReset={preventScrollReset}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            className={`${BUTTON} ${n === page ? "border-black bg-black text-white" : "border-gray-300 hover:border-gray-500"}`}
          >
            {n}
          </Link>
        ))}
        {page < pageCount ? (
          <Link to={href(page + 1)} preventScrollReset={preventScrollReset} className={ENABLED} rel="next">
            Next
          </Link>
        ) : (
          <span className={DISABLED} aria-disabled="true">
            Next
          </span>
        )}
      </>
    ) : null;
  const row = "flex flex-wrap items-center justify-center gap-2";
  if (!summary) {
    return (
      buttons && (
        <nav aria-label="Pagination" className={`${className} ${row}`.trim()}>
          {buttons}
        </nav>
      )
    );
  }
  return (
    <nav aria-label="Pagination" className={`${className} flex flex-col items-center gap-3`.trim()}>
      <p className="text-sm text-gray-600">{showingText(page, summary.pageSize, summary.total)}</p>
      {buttons && <div className={row}>{buttons}</div>}
    </nav>
  );
}
