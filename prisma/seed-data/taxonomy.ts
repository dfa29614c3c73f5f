// The built-in categories and interest tags (spec/public-site.md §3, spec/admin.md §3).
import { categorySlug } from "../../app/domain/slug";

const CATEGORY_DEFS: Array<{ name: string; color: string; description: string }> = [
  { name: "Bars & Restaurants", color: "orange", description: "Places to eat and drink, from local institutions to cocktail bars." },
  { name: "Events", color: "purple", description: "Festivals, markets and recurring happenings." },
  { name: "Fun & Games", color: "pink", description: "Arcades, escape rooms, mini golf and other play." },
  { name: "Museums", color: "blue", description: "Art, history and science collections." },
  { name: "Parks", color: "green", description: "Parks, gardens, trails and green spaces." },
  { name: "Points of Interest", color: "yellow", description: "Landmarks, neighbourhoods and sights worth seeing." },
  { name: "Shopping", color: "pink", description: "Markets, shops and shopping districts." },
  { name: "Entertainment", color: "purple", description: "Live music, theatre, comedy and shows." },
  { name: "Tours", color: "blue", description: "Guided walks, boat trips and sightseeing tours." },
  { name: "Workshops", color: "orange", description: "Classes and hands-on experiences." },
  { name: "Zoos & Aquariums", color: "green", description: "Animals, aquariums and wildlife centres." },
  { name: "Other", color: "gray", description: "Everything else worth a visit." },
];

export const CATEGORIES = CATEGORY_DEFS.map((c, i) => {
  const slug = categorySlug(c.name);
  return {
    ...c,
    slug,
    sortOrder: i + 1,
    icon: `/icons/categories/${slug}.svg`,
    filterIcon: `/icons/filters/${slug}.svg`,
    pinIcon: `/icons/pins/${slug}.svg`,
  };
});

export const TAGS: Array<{ name: string; color: string; icon: string; description: string }> = [
  { name: "Kid-Friendly", color: "green", icon: "/icons/tags/kid-friendly.svg", description: "Good for a day out with children." },
  { name: "Romantic", color: "pink", icon: "/icons/tags/romantic.svg", description: "For date nights and special occasions." },
  { name: "Adult", color: "red", icon: "/icons/tags/adult.svg", description: "Best enjoyed by grown-ups (21+ venues, nightlife)." },
  { name: "Architecture", color: "blue", icon: "/icons/tags/architecture.svg", description: "Notable buildings and design." },
  { name: "Music", color: "purple", icon: "/icons/tags/music.svg", description: "Live music and music history." },
  { name: "Historic", color: "yellow", icon: "/icons/tags/historic.svg", description: "Historic sites and stories of the past." },
  { name: "Weird", color: "orange", icon: "/icons/tags/weird.svg", description: "Quirky, odd and one-of-a-kind." },
  { name: "Indoors", color: "gray", icon: "/icons/tags/indoors.svg", description: "Under a roof, whatever the weather." },
  { name: "Outdoors", color: "green", icon: "/icons/tags/outdoors.svg", description: "Fresh air, views and open space." },
];
