// Open Graph and Twitter card tags (beyond the original), so a shared link shows a title, text and picture.
import { pageTitle } from "./seo";

export type MetaTag = { property: string; content: string } | { name: string; content: string };

/** BRAND_NAME's default, for the one moment the root's data is missing (the root loader itself failed). */
export const DEFAULT_BRAND = "Things To Do";

/** The brand in page titles: what the root loader sends (BRAND_NAME), as a meta function finds it in `matches`. */
export function brandOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { brand?: string } | undefined;
  return root?.brand ?? DEFAULT_BRAND;
}

/** The per-page half: og:title / og:description and their Twitter twins, plus the page's <title>. */
export function socialMeta({ title, description, brand }: { title: string; description: string; brand: string }) {
  return [
    { title: pageTitle(title, brand) },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The site-wide half, the same on every page: og:url (the canonical URL), og:site_name, og:type, og:image
 * and twitter:card summary_large_image. The 1200×630 size is only claimed for the default image, the one
 * picture whose size we know.
 */
export function siteSocialMeta({
  url,
  siteName,
  image,
  imageIsDefault,
  type = "website",
}: {
  url: string;
  siteName: string;
  image: string;
  imageIsDefault: boolean;
  type?: string;
}): MetaTag[] {
  const tags: MetaTag[] = [
    { property: "og:url", content: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: type },
    { property: "og:image", content: image },
  ];
  if (imageIsDefault) {
    tags.push(
      { property: "og:image:width", content: String(SOCIAL_IMAGE_SIZE.width) },
      { property: "og:image:height", content: String(SOCIAL_IMAGE_SIZE.height) },
    );
  }
  tags.push({ name: "twitter:card", content: "summary_large_image" }, { name: "twitter:image", content: image });
  return tags;
}

/** An activity photo is a usable og:image only when it is an absolute http(s) URL. */
export function isAbsoluteHttpUrl(url: string | null | undefined): url is string {
  return typeof url === "string" && /^https?:\/\/[^\s]+$/i.test(url.trim());
}

/**
 * What a route's loader data may carry under `seo` to adjust the site-wide tags the root layout writes:
 * another canonical path (a page reachable at two addresses), its own og:image, og:type, or noindex (a page that
 * must stay out of search results gets no canonical link; error and not-found pages are noindex without asking).
 */
export type PageSeo = {
  canonicalPath?: string;
  image?: string | null;
  type?: string;
  noindex?: boolean;
  /** An activity's page or card: its oEmbed discovery link names the canonical URL, with this title. */
  oembedTitle?: string;
};

/** The deepest `seo` found in the matched routes' loader data wins. */
export function pageSeoFromMatches(matches: readonly { data?: unknown }[]): PageSeo {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].data;
    if (data && typeof data === "object" && "seo" in data) {
      const seo = (data as { seo?: unknown }).seo;
      if (seo && typeof seo === "object") return seo as PageSeo;
    }
  }
  return {};
}
