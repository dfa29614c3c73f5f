// The one frame of every public page, error pages included (public-site §1: every page has the header): the site
// header above, the footer with the privacy policy and the terms of use below. The public layout draws it around
// its pages and the root's error boundary around what fails above them, from the same settings
// (components/site-frame.tsx), so a 404 from anywhere looks like every other page.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Header, type HeaderOptions } from "~/components/Header";
import { useSiteFrame } from "~/components/site-frame";
import { PRIVACY_PATH, TERMS_PATH } from "~/domain/http/urls";

export function PublicFrame({
  header = {},
  headerKey,
  clearFloatingButtons = false,
  children,
}: {
  header?: HeaderOptions;
  /** A new key starts the header afresh (a fresh search box on another page). */
  headerKey?: string;
  /** The page floats buttons at the bottom of a phone's screen: the footer leaves room below its links. */
  clearFloatingButtons?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Header key={headerKey} {...header} />
      {children}
      <SiteFooter clearFloatingButtons={clearFloatingButtons} />
    </>
  );
}

function SiteFooter({ clearFloatingButtons }: { clearFloatingButtons: boolean }) {
  const { brand } = useSiteFrame();
  return (
    <footer
      className={
        clearFloatingButtons
          ? "border-t border-gray-200 bg-gray-50 max-md:pb-20"
          : "border-t border-gray-200 bg-gray-50"
      }
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-6 text-sm text-gray-700">
        <p>{brand}</p>
        <nav aria-label="Site information">
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            <li>
              <Link to={PRIVACY_PATH} className="underline hover:text-brand-dark">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={TERMS_PATH} className="underline hover:text-brand-dark">
                Terms of Use
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
