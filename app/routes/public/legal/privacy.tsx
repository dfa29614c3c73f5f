// /privacy: what the site stores on a visitor's device, what their browser sends to which provider, the content it
// shows from Google Maps and Unsplash, and how to reach the operator (Google Maps Platform's terms require a privacy
// policy that names its use and cites Google's). Plain HTML: nothing on it needs JavaScript.
import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { useSiteFrame } from "~/components/site-frame";
import { PUBLIC_PAGE_CACHE } from "~/domain/http/cache";
import { GOOGLE_PRIVACY_URL } from "~/domain/pages/legal";
import { brandOf, socialMeta } from "~/domain/seo/social-meta";
import { TERMS_PATH } from "~/domain/http/urls";
import { legalFacts } from "./facts.server";
import { ContactOperator, External, LegalPage, Section } from "./LegalPage";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = searchParams(NO_SEARCH_PARAMS);

export async function loader() {
  return legalFacts();
}

/** The same for every visitor: browsers keep it a minute, CDNs five. */
export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export function meta({ matches }: Route.MetaArgs) {
  const brand = brandOf(matches);
  return socialMeta({
    title: "Privacy Policy",
    description: `What ${brand} stores on your device, what your browser sends to which service, and how to reach us.`,
    brand,
  });
}

export default function Privacy({ loaderData: facts }: Route.ComponentProps) {
  const { brand } = useSiteFrame();
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <>
          {brand} is a directory of things to do in cities. You can use it without an account. This page says what it
          keeps on your device, what your browser sends to other services while you use it, and how to reach its
          operator.
        </>
      }
    >
      <Section title="Cookies on your device">
        <ul>
          <li>
            <code>{facts.locationCookie.name}</code>: your approximate position (latitude and longitude to two decimals,
            about a kilometre), kept for {facts.locationCookie.lifetime}, so that the home page opens at the city
            nearest to you. It is set only when your position is found (your browser shares it, or the IP address lookup
            below finds it), is read only by this site, and can be deleted in your browser at any time.
          </li>
          <li>
            <code>{facts.sessionCookie.name}</code> and <code>{facts.toastCookie}</code>: only for the site&apos;s
            administrators. The first holds a signed session number for {facts.sessionCookie.lifetime} after an
            administrator signs in (signing out ends it); the second carries a one-time message after an
            administrator&apos;s change. Signing in with Google sets a short-lived cookie for that sign-in.
          </li>
        </ul>
        <p>Visitors who do not sign in get no other cookie from this site.</p>
      </Section>

      <Section title="What your browser sends to other services">
        <ul>
          <li>
            <strong>Your location, on the home page.</strong> Your browser first asks whether you share your position
            with the site; it is used only to choose the nearest city and is kept in the cookie above. If you do not
            share it, your browser asks the IP geolocation service <strong>{facts.ipGeolocationHost}</strong> where its
            internet address is. That service sees your IP address; the answer is used the same way.
          </li>
          <li>
            <strong>Maps.</strong>{" "}
            {facts.map.provider ? (
              <>
                Maps are drawn by {facts.map.provider}: your browser loads the map&apos;s style and tiles from{" "}
                <strong>{facts.map.host}</strong>, which sees your IP address and the area shown, and records that a map
                was loaded.
              </>
            ) : (
              <>
                Maps are drawn in your browser from an open map style: your browser loads the style and its map tiles
                from <strong>{facts.map.host}</strong> (and the tile servers the style names), which sees your IP
                address and the area shown.
              </>
            )}{" "}
            Pages without a map send nothing there.
          </li>
          <li>
            <strong>City photos</strong> chosen from Unsplash are loaded by your browser from Unsplash
            (images.unsplash.com), with the photographer&apos;s credit beside them.
          </li>
          <li>
            <strong>Links to other sites</strong> (&lsquo;Get Directions&rsquo;, &lsquo;View on Maps&rsquo;, the
            header&apos;s &lsquo;Explore Places&rsquo; and &lsquo;Travel Lists&rsquo;, a place&apos;s website) take you
            to those sites, whose own policies apply.
          </li>
        </ul>
      </Section>

      <Section title="Content from Google Maps">
        <p>
          Ratings, review counts and photos of places come from Google Maps, through the Google Maps Platform Places
          API; they are marked &lsquo;Google Maps&rsquo; where they are shown. The site&apos;s server fetches them from
          Google, and photos are sent to you from this site, so viewing them sends nothing about you to Google. Your use
          of Google Maps content is also subject to{" "}
          <External href={GOOGLE_PRIVACY_URL}>Google&apos;s Privacy Policy</External>, which this policy incorporates by
          reference; the <Link to={TERMS_PATH}>terms of use</Link> say which Google terms bind you.
        </p>
      </Section>

      <Section title="What the site does not do">
        <p>
          It has no visitor accounts, sells nothing and shows no advertising. Its request log records the address of
          each page asked for, the answer&apos;s status and size, and the time taken; not your IP address.
          {facts.operatorScripts && (
            <>
              {" "}
              The operator has added scripts of their own to the public pages (for example, visitor statistics); they
              may set cookies and send what you do here to their providers. The operator can tell you which.
            </>
          )}
        </p>
      </Section>

      <ContactOperator email={facts.contactEmail} />
    </LegalPage>
  );
}
