import { describe, expect, it } from "vitest";
import {
  activityIdPath,
  activityPath,
  categoryPath,
  cityPath,
  cityPrefix,
  cityThingsToDoPath,
  type CityRef,
  embedIdPath,
  embedIframeCode,
  embedPath,
  googleMapsDirectionsUrl,
  googleMapsSearchUrl,
  guideLink,
  openInMapsUrl,
  NON_US_PREFIXES,
  tagPath,
  US_STATE_CODES,
  withSearchParams,
} from "./urls";

const nashville: CityRef = { id: "nashville", stateCode: "TN", country: "United States" };
const quebec: CityRef = { id: "quebec-city", stateCode: "QC", country: "Canada" };
const prague: CityRef = { id: "prague", stateCode: null, country: "Czech Republic" };
const dubai: CityRef = { id: "dubai", stateCode: null, country: "United Arab Emirates" };
const medellin: CityRef = { id: "medellin", stateCode: null, country: "Colombia" };
const panama: CityRef = { id: "panama-city", stateCode: null, country: "Panama" };
const honolulu: CityRef = { id: "honolulu", stateCode: "hi", country: null };
const boise: CityRef = { id: "boise", stateCode: "ID", country: "United States" }; // not in the list
const lisbon: CityRef = { id: "lisbon", stateCode: null, country: "Portugal" };

describe("cityPrefix / cityPath", () => {
  it("lists the 30 US state codes of the city page", () => {
    expect(US_STATE_CODES).toHaveLength(30);
    expect(US_STATE_CODES).toContain("ut");
    expect(US_STATE_CODES).not.toContain("id");
  });

  it("uses /usa/{state code, lowercased} for a listed US state", () => {
    expect(cityPrefix(nashville)).toBe("/usa/tn");
    expect(cityPath(nashville, "nashville")).toBe("/usa/tn/nashville");
    expect(cityPath(honolulu, "honolulu")).toBe("/usa/hi/honolulu");
  });

  it("uses the fixed prefix for the five non-US countries", () => {
    expect(cityPath(quebec, "quebec-city")).toBe("/canada/quebec/quebec-city");
    expect(cityPath(prague, "prague")).toBe("/czech-republic/central-bohemian-region/prague");
    expect(cityPath(dubai, "dubai")).toBe("/uae/dubai/dubai");
    expect(cityPath(medellin, "medellin")).toBe("/colombia/antioquia/medellin");
    expect(cityPath(panama, "panama-city")).toBe("/panama/panama-province/panama-city");
    expect(Object.keys(NON_US_PREFIXES)).toHaveLength(5);
  });

  it("does not treat a non-US country's code as a US state", () => {
    expect(cityPrefix({ id: "x", stateCode: "CA", country: "Portugal" })).toBe("");
  });

  it("falls back to /{city} when the mapping is unknown", () => {
    expect(cityPath(boise, "boise")).toBe("/boise");
    expect(cityPath(lisbon, "lisbon")).toBe("/lisbon");
    expect(cityPath({ id: "x", stateCode: "", country: null }, "x")).toBe("/x");
  });

  it("falls back to /{cityId} when the city is unknown", () => {
    expect(cityPath(undefined, "atlantis")).toBe("/atlantis");
    expect(cityThingsToDoPath(undefined, "atlantis")).toBe("/atlantis/things-to-do");
  });

  it("builds the things-to-do hub path", () => {
    expect(cityThingsToDoPath(nashville, "nashville")).toBe("/usa/tn/nashville/things-to-do");
  });
});

describe("activityPath", () => {
  it("is the city path plus /things-to-do/{title slug}", () => {
    expect(activityPath(nashville, "The Parthenon & Centennial Park")).toBe(
      "/usa/tn/nashville/things-to-do/the-parthenon-and-centennial-park",
    );
    expect(activityPath(medellin, "Café Zeppelin")).toBe("/colombia/antioquia/medellin/things-to-do/cafe-zeppelin");
  });

  it("is /activity/{title slug} when the city is unknown", () => {
    expect(activityPath(undefined, "Joe's Crab Shack")).toBe("/activity/joes-crab-shack");
  });

  it("has id and embed forms", () => {
    expect(activityIdPath(42)).toBe("/activity/42");
    expect(embedIdPath(42)).toBe("/embed/activity/42");
    expect(embedPath("/usa/tn/nashville/things-to-do/ryman-auditorium")).toBe(
      "/embed/usa/tn/nashville/things-to-do/ryman-auditorium",
    );
  });
});

describe("categoryPath / tagPath", () => {
  it("appends the category slug to the city path", () => {
    expect(categoryPath(nashville, "nashville", "Bars & Restaurants")).toBe("/usa/tn/nashville/bars-and-restaurants");
    expect(categoryPath(undefined, "atlantis", "Fun & Games")).toBe("/atlantis/fun-and-games");
  });

  it("appends the tag slug to the city path", () => {
    expect(tagPath(nashville, "nashville", "Music")).toBe("/usa/tn/nashville/live-music");
    expect(tagPath(dubai, "dubai", "Kid-Friendly")).toBe("/uae/dubai/dubai/things-to-do-with-kids");
    expect(tagPath(nashville, "nashville", "Indoor")).toBe("/usa/tn/nashville/indoor-things-to-do");
  });

  it("sends another tag to the activities page with its slug as the tag filter", () => {
    expect(tagPath(nashville, "nashville", "Free & Cheap")).toBe("/usa/tn/nashville/things-to-do?tag=free-and-cheap");
  });
});

describe("guideLink", () => {
  it("uses /usa/{stateCode}/{city}/{slug} for listed state codes", () => {
    expect(guideLink(nashville, "museums")).toBe("/usa/tn/nashville/museums");
  });

  it("uses /{city}/{slug} otherwise, including non-US cities", () => {
    expect(guideLink(boise, "parks")).toBe("/boise/parks");
    expect(guideLink(quebec, "tours")).toBe("/quebec-city/tours");
  });
});

describe("embedIframeCode", () => {
  it("is a 100% wide, 650 high iframe pointing at the embed URL", () => {
    const code = embedIframeCode("https://example.com/embed/activity/7");
    expect(code).toBe(
      '<iframe src="https://example.com/embed/activity/7" width="100%" height="650" style="border:0" ' +
        'loading="lazy" title="Things to do"></iframe>',
    );
  });

  it("escapes the URL and title for the attribute", () => {
    const code = embedIframeCode('https://x.test/a?b=1&c="2"', 'Tom & "Jerry"');
    expect(code).toContain('src="https://x.test/a?b=1&amp;c=&quot;2&quot;"');
    expect(code).toContain('title="Tom &amp; &quot;Jerry&quot;"');
  });
});

describe("Google Maps links", () => {
  it("builds directions and search URLs from coordinates", () => {
    expect(googleMapsDirectionsUrl(36.1627, -86.7816)).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=36.1627,-86.7816",
    );
    expect(googleMapsSearchUrl("36.16", "-86.78")).toBe("https://www.google.com/maps/search/?api=1&query=36.16,-86.78");
  });

  it("opens the stored Google Maps URL when it is an http(s) URL, else a search for the coordinates", () => {
    const at = { latitude: 36.16, longitude: -86.78 };
    const maps = "https://maps.google.com/?cid=1";
    expect(openInMapsUrl({ ...at, googleMapsUrl: maps })).toBe(maps);
    for (const stored of [null, "", "maps please", "javascript:alert(1)"]) {
      expect(openInMapsUrl({ ...at, googleMapsUrl: stored })).toBe(googleMapsSearchUrl(36.16, -86.78));
    }
  });
});

describe("withSearchParams", () => {
  it("skips undefined, empty strings and empty lists, and repeats list keys", () => {
    expect(
      withSearchParams("/usa/tn/nashville/things-to-do", {
        category: ["Bars & Restaurants", "", "Parks"],
        tag: [],
        q: "",
        sort: undefined,
        cost: "Free",
      }),
    ).toBe("/usa/tn/nashville/things-to-do?category=Bars+%26+Restaurants&category=Parks&cost=Free");
  });

  it("returns the path unchanged when nothing is left", () => {
    expect(withSearchParams("/cities", { q: "", tag: [] })).toBe("/cities");
  });

  it("appends to an existing query string", () => {
    expect(withSearchParams("/x?a=1", { b: "2" })).toBe("/x?a=1&b=2");
  });
});
