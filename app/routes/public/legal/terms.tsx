// /terms: the terms of use. Google Maps Platform's terms require them to say that using the site binds its users to
// Google's Terms of Service, since the site shows Google Maps content (ratings, review counts, photos). Plain HTML:
// nothing on it needs JavaScript.
import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { useSiteFrame } from "~/components/site-frame";
import { PUBLIC_PAGE_CACHE } from "~/domain/http/cache";
import { GOOGLE_MAPS_TERMS_URL, GOOGLE_TERMS_URL } from "~/domain/pages/legal";
import { brandOf, socialMeta } from "~/domain/seo/social-meta";
import { PRIVACY_PATH } from "~/domain/http/urls";
import { legalFacts } from "./facts.server";
import { ContactOperator, External, LegalPage, Section } from "./LegalPage";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = searchParams(NO_SEARCH_PARAMS);

export async function loader() {
  const { contactEmail } = await legalFacts();
  return { contactEmail };
}

/** The same for every visitor: browsers keep it a minute, CDNs five. */
export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export function meta({ matches }: Route.MetaArgs) {
  const brand = brandOf(matches);
  return socialMeta({
    title: "Terms of Use",
    description: `The terms of using ${brand}, and the Google terms that come with its Google Maps content.`,
    brand,
  });
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { brand } = useSiteFrame();
  return (
    <LegalPage
      title="Terms of Use"
      intro={
        <>
          By using {brand} you agree to these terms. They are short: the site is a free guide to things to do, made to
          be read, shared and embedded.
        </>
      }
    >
      <Section title="Google Maps content">
        <p>
          Ratings, review counts and photos of places come from Google Maps. By using this site you are bound by{" "}
          <External href={GOOGLE_TERMS_URL}>Google&apos;s Terms of Service</External> and the{" "}
          <External href={GOOGLE_MAPS_TERMS_URL}>Google Maps/Google Earth Additional Terms of Service</External>. That
          content is Google&apos;s and its contributors&apos;: it is shown here as Google provides it, marked
          &lsquo;Google Maps&rsquo;, and may not be copied out of the site.
        </p>
      </Section>

      <Section title="Using the information">
        <p>
          Descriptions, costs, durations, addresses and ratings are gathered with care but can change without notice.
          Check with the place before you go. The site is provided as it is, without any warranty, and its operator is
          not responsible for the places it lists or for the sites it links to.
        </p>
      </Section>

      <Section title="Photos">
        <p>
          Photos of places are credited to their authors beside them; city photos come from Unsplash under the Unsplash
          License and are credited to their photographers. Their rights stay with their owners.
        </p>
      </Section>

      <Section title="Sharing and embedding">
        <p>
          You may link to any page, and embed an activity&apos;s card on your own site (its <code>/embed/…</code>{" "}
          address in an iframe) unchanged and with its link back here.
        </p>
      </Section>

      <Section title="Privacy">
        <p>
          The <Link to={PRIVACY_PATH}>privacy policy</Link> says what the site stores on your device and what your
          browser sends to other services.
        </p>
      </Section>

      <ContactOperator email={loaderData.contactEmail} />
    </LegalPage>
  );
}
