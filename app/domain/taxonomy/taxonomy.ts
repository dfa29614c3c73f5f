// The built-in categories and interest tags, once: names, display order, URL slugs, SEO template prefixes and
// wording, default colours, icons and descriptions. The seed, the slugs of tag pages, the SEO templates (and the
// SEO tab's 72 per-category and per-tag fields), the filter bar and the category illustrations derive from it.
// Categories stay editable by administrators; these are the ones a fresh install starts with.
/** How a category or interest page names its subject in the default SEO wording. */
type SeoSubject = { prefix: string; title: string; phrase: string };

/**
 * Listed in the order of admin §3 "SEO template settings" (the SEO tab's order); `displayOrder` is public-site
 * §3's order of the known names (the filter bar's).
 */
const CATEGORY_TABLE = [
  {
    name: "Bars & Restaurants",
    slug: "bars-and-restaurants",
    displayOrder: 1,
    color: "orange",
    description: "Places to eat and drink, from local institutions to cocktail bars.",
    seo: { prefix: "barsRestaurants", title: "Bars & Restaurants", phrase: "bars and restaurants" },
  },
  {
    name: "Museums",
    slug: "museums",
    displayOrder: 4,
    color: "blue",
    description: "Art, history and science collections.",
    seo: { prefix: "museums", title: "Museums", phrase: "museums" },
  },
  {
    name: "Entertainment",
    slug: "entertainment",
    displayOrder: 8,
    color: "purple",
    description: "Live music, theatre, comedy and shows.",
    seo: { prefix: "entertainment", title: "Entertainment", phrase: "entertainment venues and shows" },
  },
  {
    name: "Events",
    slug: "events",
    displayOrder: 2,
    color: "purple",
    description: "Festivals, markets and recurring happenings.",
    seo: { prefix: "events", title: "Events", phrase: "events" },
  },
  {
    name: "Fun & Games",
    slug: "fun-and-games",
    displayOrder: 3,
    color: "pink",
    description: "Arcades, escape rooms, mini golf and other play.",
    seo: { prefix: "funGames", title: "Fun & Games", phrase: "fun and games" },
  },
  {
    name: "Parks",
    slug: "parks",
    displayOrder: 5,
    color: "green",
    description: "Parks, gardens, trails and green spaces.",
    seo: { prefix: "parks", title: "Parks", phrase: "parks" },
  },
  {
    name: "Points of Interest",
    slug: "points-of-interest",
    displayOrder: 6,
    color: "yellow",
    description: "Landmarks, neighbourhoods and sights worth seeing.",
    seo: { prefix: "pointsOfInterest", title: "Points of Interest", phrase: "points of interest" },
  },
  {
    name: "Shopping",
    slug: "shopping",
    displayOrder: 7,
    color: "pink",
    description: "Markets, shops and shopping districts.",
    seo: { prefix: "shopping", title: "Shopping", phrase: "places to shop" },
  },
  {
    name: "Tours",
    slug: "tours",
    displayOrder: 9,
    color: "blue",
    description: "Guided walks, boat trips and sightseeing tours.",
    seo: { prefix: "tours", title: "Tours", phrase: "tours" },
  },
  {
    name: "Workshops",
    slug: "workshops",
    displayOrder: 10,
    color: "orange",
    description: "Classes and hands-on experiences.",
    seo: null,
  },
  {
    name: "Zoos & Aquariums",
    slug: "zoos-and-aquariums",
    displayOrder: 11,
    color: "green",
    description: "Animals, aquariums and wildlife centres.",
    seo: null,
  },
  {
    name: "Other",
    slug: "other",
    displayOrder: 12,
    color: "gray",
    description: "Everything else worth a visit.",
    seo: null,
  },
] as const satisfies ReadonlyArray<{
  name: string;
  /** The slug rule's (slug.ts categorySlug) result, written out as public-site §2 lists them. */
  slug: string;
  displayOrder: number;
  color: string;
  description: string;
  seo: SeoSubject | null;
}>;

/**
 * The nine interest tags of admin §2 / public-site §2, in that order, with their page slugs; the guide page names
 * two of them in the singular.
 */
const TAG_TABLE = [
  {
    name: "Kid-Friendly",
    slug: "things-to-do-with-kids",
    color: "green",
    icon: "kid-friendly",
    description: "Good for a day out with children.",
    seo: { prefix: "kidFriendly", title: "Things to Do with Kids", phrase: "things to do with kids" },
  },
  {
    name: "Romantic",
    slug: "romantic-things-to-do",
    color: "pink",
    icon: "romantic",
    description: "For date nights and special occasions.",
    seo: { prefix: "romantic", title: "Romantic Things to Do", phrase: "romantic things to do" },
  },
  {
    name: "Adult",
    slug: "adult-things-to-do",
    color: "red",
    icon: "adult",
    description: "Best enjoyed by grown-ups (21+ venues, nightlife).",
    seo: { prefix: "adult", title: "Adult Things to Do", phrase: "things to do for adults" },
  },
  {
    name: "Architecture",
    slug: "architecture",
    color: "blue",
    icon: "architecture",
    description: "Notable buildings and design.",
    seo: { prefix: "architecture", title: "Architecture", phrase: "architectural sights" },
  },
  {
    name: "Music",
    slug: "live-music",
    color: "purple",
    icon: "music",
    description: "Live music and music history.",
    seo: { prefix: "music", title: "Live Music", phrase: "live music venues" },
  },
  {
    name: "Historic",
    slug: "historic-sites",
    color: "yellow",
    icon: "historic",
    description: "Historic sites and stories of the past.",
    seo: { prefix: "historic", title: "Historic Sites", phrase: "historic sites" },
  },
  {
    name: "Weird",
    slug: "weird-things-to-do",
    color: "orange",
    icon: "weird",
    description: "Quirky, odd and one-of-a-kind.",
    seo: { prefix: "weird", title: "Weird Things to Do", phrase: "weird and unusual things to do" },
  },
  {
    name: "Indoors",
    slug: "indoor-things-to-do",
    guideName: "Indoor",
    color: "gray",
    icon: "indoors",
    description: "Under a roof, whatever the weather.",
    seo: { prefix: "indoors", title: "Indoor Things to Do", phrase: "indoor things to do" },
  },
  {
    name: "Outdoors",
    slug: "outdoor-things-to-do",
    guideName: "Outdoor",
    color: "green",
    icon: "outdoors",
    description: "Fresh air, views and open space.",
    seo: { prefix: "outdoor", title: "Outdoor Things to Do", phrase: "outdoor things to do" },
  },
] as const satisfies ReadonlyArray<{
  name: string;
  slug: string;
  guideName?: string;
  color: string;
  icon: string;
  description: string;
  seo: SeoSubject;
}>;

/** Activities of a deleted category move here; an activity may always be in it (admin §3: "a category name or Other"). */
export const FALLBACK_CATEGORY = "Other";

export type BuiltInCategory = (typeof CATEGORY_TABLE)[number];
export type BuiltInTag = (typeof TAG_TABLE)[number];

/** The built-in categories in display order, with their slugs and icon files (the seed's rows). */
export const BUILT_IN_CATEGORIES = [...CATEGORY_TABLE]
  .sort((a, b) => a.displayOrder - b.displayOrder)
  .map((c) => ({
    name: c.name,
    slug: c.slug,
    sortOrder: c.displayOrder,
    color: c.color,
    description: c.description,
    icon: `/icons/categories/${c.slug}.svg`,
    filterIcon: `/icons/filters/${c.slug}.svg`,
    pinIcon: `/icons/pins/${c.slug}.svg`,
  }));

/** The built-in category names in display order. */
export const CATEGORY_NAMES = BUILT_IN_CATEGORIES.map((c) => c.name);

/** The built-in tags (the seed's rows). */
export const BUILT_IN_TAGS = TAG_TABLE.map((t) => ({
  name: t.name,
  color: t.color,
  icon: `/icons/tags/${t.icon}.svg`,
  description: t.description,
}));

export const TAG_NAMES = TAG_TABLE.map((t) => t.name);
export type TagName = BuiltInTag["name"];

/** Tag page slugs to tag names (public-site §2 "Tag slug to tag"). */
export const TAG_SLUGS = Object.fromEntries(TAG_TABLE.map((t) => [t.slug, t.name])) as {
  [T in BuiltInTag as T["slug"]]: T["name"];
};

/** The guide page's names where they differ ('Indoor', 'Outdoor'). */
export const GUIDE_TAG_NAMES: Partial<Record<BuiltInTag["slug"], string>> = Object.fromEntries(
  TAG_TABLE.flatMap((t) => ("guideName" in t ? [[t.slug, t.guideName]] : [])),
);

/** The SEO tab's groups (admin §3): category name → field prefix, in the spec's order. */
export const SEO_CATEGORY_PREFIXES = Object.fromEntries(
  CATEGORY_TABLE.flatMap((c) => (c.seo ? [[c.name, c.seo.prefix]] : [])),
) as { [C in BuiltInCategory as C["seo"] extends SeoSubject ? C["name"] : never]: NonNullable<C["seo"]>["prefix"] };

/** Interest tag name → field prefix, in the spec's order. */
export const SEO_TAG_PREFIXES = Object.fromEntries(TAG_TABLE.map((t) => [t.name, t.seo.prefix])) as {
  [T in BuiltInTag as T["name"]]: T["seo"]["prefix"];
};

export type SeoPrefix = NonNullable<BuiltInCategory["seo"]>["prefix"] | BuiltInTag["seo"]["prefix"];

/** How each category and interest page names its subject in the default titles and descriptions. */
export const SEO_SUBJECTS = Object.fromEntries(
  [...CATEGORY_TABLE.flatMap((c) => (c.seo ? [c.seo] : [])), ...TAG_TABLE.map((t) => t.seo)].map((s) => [
    s.prefix,
    { title: s.title, phrase: s.phrase },
  ]),
) as Record<SeoPrefix, { title: string; phrase: string }>;

/** A category's SEO field prefix, or undefined for a category with no template group of its own. */
export function categorySeoPrefix(category: string): SeoPrefix | undefined {
  return Object.hasOwn(SEO_CATEGORY_PREFIXES, category)
    ? SEO_CATEGORY_PREFIXES[category as keyof typeof SEO_CATEGORY_PREFIXES]
    : undefined;
}

/** An interest tag's SEO field prefix, or undefined for another tag. */
export function tagSeoPrefix(tag: string): SeoPrefix | undefined {
  return Object.hasOwn(SEO_TAG_PREFIXES, tag) ? SEO_TAG_PREFIXES[tag as keyof typeof SEO_TAG_PREFIXES] : undefined;
}
