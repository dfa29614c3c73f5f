// URL slugs for activity titles, categories and interest tags (public-site §2 "Route building rules").
import { GUIDE_TAG_NAMES, TAG_SLUGS } from "./taxonomy";

/**
 * lowercase; '&' becomes 'and'; other non-alphanumeric characters are removed; spaces become hyphens;
 * repeated and edge hyphens are dropped. Accented letters keep their base letter ('Café' → 'cafe');
 * letters with no ASCII base ('ß', 'ł', CJK) are removed like other punctuation. Hyphens already in the
 * text are kept (then collapsed), so 'Hop-On Hop-Off' → 'hop-on-hop-off'.
 */
export function titleSlug(title: string): string {
  // A title of symbols or emoji only ('!!!', '🎉') leaves nothing, and an empty slug is no address: such a title
  // gets 'activity-' and a short hash of itself instead, the same every time.
  return slugOf(title) || (title.trim() === "" ? "" : `activity-${fnv1a(title.trim()).toString(36)}`);
}

/**
 * The spec's slug rule itself, which may leave nothing. Plain ASCII (every built-in name, most titles) skips the
 * decomposition, which would leave it as it is (issue #26: the chips' slugs put about 6 ms of a fast host's CPU,
 * some 65 ms of a low-tier phone's, in this function as the city page hydrates, most of it the first `normalize`).
 */
function slugOf(text: string): string {
  return (ASCII.test(text) ? text : text.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9\s-]/g, "")
    .replace(/[\s-]+/g, "-")
    .replace(/^-|-$/g, "");
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/** 32-bit FNV-1a over the UTF-16 code units: small, stable, and enough to tell symbol-only titles apart. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Category slugs follow the same rule: 'Bars & Restaurants' → 'bars-and-restaurants'. A name that leaves no slug
 * is refused by the category form, so there is no fallback here.
 */
export function categorySlug(name: string): string {
  return slugOf(name);
}

/** The category whose slug is `slug`, from the caller's list of names (categories are admin-editable). */
export function categoryFromSlug(slug: string, names: readonly string[]): string | undefined {
  const wanted = slug.toLowerCase();
  return names.find((name) => categorySlug(name) === wanted);
}

export type TagSlug = keyof typeof TAG_SLUGS;

export function isTagSlug(s: string): s is TagSlug {
  return Object.hasOwn(TAG_SLUGS, s);
}

export function tagFromSlug(slug: string, variant: "page" | "guide" = "page"): string | undefined {
  if (!isTagSlug(slug)) return undefined;
  return (variant === "guide" ? GUIDE_TAG_NAMES[slug] : undefined) ?? TAG_SLUGS[slug];
}

/** The slug of a tag page; accepts the guide page's 'Indoor' / 'Outdoor' too. */
export function tagSlug(tagName: string): TagSlug | undefined {
  const slugs = Object.keys(TAG_SLUGS) as TagSlug[];
  return slugs.find((slug) => TAG_SLUGS[slug] === tagName || GUIDE_TAG_NAMES[slug] === tagName);
}

/** The category a filter value names — by slug or by name, in any letter case — from the caller's list. */
export function categoryFromFilterValue(value: string, names: readonly string[]): string | undefined {
  const slug = slugOf(value);
  return slug === "" ? undefined : categoryFromSlug(slug, names);
}

/**
 * The slug a tag goes by in a filter URL (`?tag=…`): its landing page's slug for the nine interest tags
 * ('Music' → 'live-music'), else the slug rule over its name ('Food Trucks' → 'food-trucks').
 */
export function tagFilterSlug(name: string): string {
  return tagSlug(name) ?? slugOf(name);
}

/**
 * The tag a filter value names — by its filter slug or by its name, in any letter case — from the caller's list
 * (tags are admin-editable). An interest tag's own slug wins over another tag whose name slugs the same.
 */
export function tagFromFilterValue(value: string, names: readonly string[]): string | undefined {
  const slug = slugOf(value);
  if (slug === "") return undefined;
  const interest = tagFromSlug(slug);
  if (interest !== undefined && names.includes(interest)) return interest;
  return names.find((name) => tagFilterSlug(name) === slug || slugOf(name) === slug);
}
