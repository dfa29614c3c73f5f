import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  activityBreadcrumbs,
  activityStructuredData,
  breadcrumbList,
  cityBreadcrumbs,
  schemaTypeForCategory,
} from "./structured-data";

describe("schemaTypeForCategory", () => {
  it("maps each category to a fitting schema.org place type", () => {
    expect(schemaTypeForCategory("Bars & Restaurants")).toBe("FoodEstablishment");
    expect(schemaTypeForCategory("Museums")).toBe("Museum");
    expect(schemaTypeForCategory("Parks")).toBe("Park");
    expect(schemaTypeForCategory("Shopping")).toBe("Store");
    expect(schemaTypeForCategory("Entertainment")).toBe("EntertainmentBusiness");
    expect(schemaTypeForCategory("Fun & Games")).toBe("EntertainmentBusiness");
    expect(schemaTypeForCategory("Zoos & Aquariums", "Nashville Zoo at Grassmere")).toBe("Zoo");
    expect(schemaTypeForCategory("Zoos & Aquariums", "Georgia Aquarium")).toBe("Aquarium");
  });

  it("falls back to TouristAttraction for events, tours, points of interest and unknown categories", () => {
    for (const c of ["Events", "Tours", "Points of Interest", "Workshops", "Other", "Something New", "constructor"]) {
      expect(schemaTypeForCategory(c)).toBe("TouristAttraction");
    }
  });
});

const parthenon = {
  title: "The Parthenon",
  excerpt: "A full-scale replica of the Athens Parthenon.",
  category: "Museums",
  latitude: "36.1497",
  longitude: "-86.8133",
  address: "2500 West End Ave, Nashville, TN 37203",
  website: "https://www.nashvilleparthenon.com",
  phone: "+1 615-862-8431",
  googleRating: "4.7",
  googleReviewCount: 14000,
  tags: ["Architecture", "Historic"],
};
const nashville = { displayName: "Nashville", state: "Tennessee", country: "United States" };

describe("activityStructuredData", () => {
  it("carries type, name, url, image, geo and address, and no rating even for a rated activity", () => {
    const ld = activityStructuredData(parthenon, nashville, {
      url: "https://example.com/usa/tn/nashville/things-to-do/the-parthenon",
      image: "https://img.example.com/p.jpg",
    });
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Museum",
      name: "The Parthenon",
      url: "https://example.com/usa/tn/nashville/things-to-do/the-parthenon",
      image: "https://img.example.com/p.jpg",
      geo: { "@type": "GeoCoordinates", latitude: 36.1497, longitude: -86.8133 },
      address: {
        "@type": "PostalAddress",
        streetAddress: "2500 West End Ave, Nashville, TN 37203",
        addressLocality: "Nashville",
        addressRegion: "Tennessee",
        addressCountry: "United States",
      },
      telephone: "+1 615-862-8431",
    });
    // Google's rating is not the place's own: review snippets may not mark up ratings from other sites.
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(JSON.stringify(ld)).not.toMatch(/rating/i);
    // Round-trips through JSON as a <script type="application/ld+json"> body must.
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });

  it("leaves out the image and geo when missing", () => {
    const unrated = activityStructuredData({ ...parthenon, latitude: "abc", address: null }, nashville, {
      url: "https://example.com/x",
    });
    expect(unrated).not.toHaveProperty("image");
    expect(unrated).not.toHaveProperty("geo");
    expect(unrated.address).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Nashville",
      addressRegion: "Tennessee",
      addressCountry: "United States",
    });
  });
});

describe("breadcrumbs", () => {
  it("numbers list items from 1 in order", () => {
    expect(
      breadcrumbList([
        { name: "Home", url: "https://e.com/" },
        { name: "B", url: "https://e.com/b" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://e.com/" },
        { "@type": "ListItem", position: 2, name: "B", item: "https://e.com/b" },
      ],
    });
  });

  it("builds the city and activity trails with absolute URLs", () => {
    const city = cityBreadcrumbs("https://e.com", nashville, "/usa/tn/nashville/things-to-do");
    expect((city.itemListElement as { item: string }[]).map((i) => i.item)).toEqual([
      "https://e.com/",
      "https://e.com/usa/tn/nashville/things-to-do",
    ]);
    const activity = activityBreadcrumbs(
      "https://e.com/",
      nashville,
      "/usa/tn/nashville/things-to-do",
      parthenon,
      "/usa/tn/nashville/things-to-do/the-parthenon",
    );
    const items = activity.itemListElement as { name: string; position: number; item: string }[];
    expect(items.map((i) => i.name)).toEqual(["Home", "Things to Do in Nashville", "The Parthenon"]);
    expect(items[2]).toEqual({
      "@type": "ListItem",
      position: 3,
      name: "The Parthenon",
      item: "https://e.com/usa/tn/nashville/things-to-do/the-parthenon",
    });
  });

  it("absoluteUrl keeps absolute URLs and resolves paths against the origin", () => {
    expect(absoluteUrl("http://localhost:3000", "/a/b")).toBe("http://localhost:3000/a/b");
    expect(absoluteUrl("http://localhost:3000", "https://cdn.example.com/i.png")).toBe("https://cdn.example.com/i.png");
  });
});
