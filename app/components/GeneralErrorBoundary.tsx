// The one error boundary of the site's pages, in the manner of the Epic Stack's GeneralErrorBoundary: a route's
// ErrorBoundary passes a handler per status it has words for (its 404: 'City Not Found', 'Activity Not Found'…);
// anything else is the spec's render error page (public-site §2 "Search": 'Something went wrong').
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useParams, useRouteError, type ErrorResponse, type LinkProps } from "react-router";
import { RefreshPageLink } from "./RefreshPageLink";

export type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode;

export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  const params = useParams();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return handler({ error, params });
  }
  // What the page had no words for is a fault to look into; the visitor sees only the generic page.
  console.error(error);
  return (
    <StatusPage
      heading="Something went wrong"
      message="Please refresh the page to try again."
      action={<RefreshPageLink className={ACTION} />}
    />
  );
}

const ACTION =
  "mt-8 inline-block rounded-md bg-black px-5 py-2.5 font-semibold text-white hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2";

/** The centred heading, sentence and one button of every error and not-found page. */
export function StatusPage({ heading, message, action }: { heading: string; message: ReactNode; action: ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-gray-600">{message}</p>
      {action}
    </main>
  );
}

/** The status page's button: where to go from here ('Return Home', 'View All Activities'…). */
export function StatusPageLink(props: Omit<LinkProps, "className">) {
  return <Link {...props} className={ACTION} />;
}
