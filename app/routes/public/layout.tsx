// The visitor pages' frame (components/PublicFrame.tsx): the site header and footer, once, around whichever page
// (or its error boundary) is showing. A page says what its header shows in its route `handle` (PublicHandle): the
// city activities page's longer search suggestions, the detail page's '← Back to {city}' from its loader data.
import { Outlet, useMatches } from "react-router";
import type { HeaderOptions } from "~/components/Header";
import { PublicFrame } from "~/components/PublicFrame";

export type PublicHandle = {
  /** Fixed options, or options from the page's loader data (undefined while the page shows its error boundary). */
  header?: HeaderOptions | ((data: unknown) => HeaderOptions);
  /** The page floats buttons at the bottom of a phone's screen (the city page's 'See {n} activities'). */
  floatingButtons?: boolean;
};

export default function PublicLayout() {
  const page = useMatches().at(-1);
  const handle = page?.handle as PublicHandle | undefined;
  const options = typeof handle?.header === "function" ? handle.header(page?.loaderData) : handle?.header;
  // The header is keyed by the page's route: another page starts with a fresh search box.
  return (
    <PublicFrame header={options} headerKey={page?.id} clearFloatingButtons={handle?.floatingButtons}>
      <Outlet />
    </PublicFrame>
  );
}
