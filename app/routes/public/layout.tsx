// The visitor pages' frame: the site header, once, above whichever page (or its error boundary) is showing. A
// page says what its header shows in its route `handle` (PublicHandle): the city activities page's longer
// search suggestions, the detail page's '← Back to {city}' from its loader data.
import { Outlet, useMatches } from "react-router";
import { Header, type HeaderOptions } from "~/components/Header";

export type PublicHandle = {
  /** Fixed options, or options from the page's loader data (undefined while the page shows its error boundary). */
  header?: HeaderOptions | ((data: unknown) => HeaderOptions);
};

function PageHeader() {
  const page = useMatches().at(-1);
  const header = (page?.handle as PublicHandle | undefined)?.header;
  const options = typeof header === "function" ? header(page?.loaderData) : header;
  // Keyed by the page's route: another page starts with a fresh search box, as when each page drew its own.
  return <Header key={page?.id} {...options} />;
}

export default function PublicLayout() {
  return (
    <>
      <PageHeader />
      <Outlet />
    </>
  );
}
