// The browser entry: React Router's default, with the site frame's settings (components/site-frame.tsx) read from
// the document the server wrote, so the header and footer hydrate as they were rendered on every page, error pages
// included.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { readSiteFrame, SiteFrameProvider } from "~/components/site-frame";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteFrameProvider value={readSiteFrame(document)}>
        <HydratedRouter />
      </SiteFrameProvider>
    </StrictMode>,
  );
});
