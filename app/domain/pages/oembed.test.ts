import { describe, expect, it } from "vitest";
import { activityRefOfPath, oembedDiscoveryHref, oembedRich, oembedSize, OEMBED_DEFAULT_SIZE } from "./oembed";

describe("activityRefOfPath: every public path shape of an activity (public-site §2)", () => {
  it.each([
    [
      "/usa/tn/nashville/things-to-do/country-music-hall-of-fame",
      { cityId: "nashville", activitySlug: "country-music-hall-of-fame" },
    ],
    [
      "/usa/tn/nashville/country-music-hall-of-fame",
      { cityId: "nashville", activitySlug: "country-music-hall-of-fame" },
    ],
    ["/dubai/things-to-do/burj-khalifa", { cityId: "dubai", activitySlug: "burj-khalifa" }],
    ["/dubai/burj-khalifa", { cityId: "dubai", activitySlug: "burj-khalifa" }],
    ["/activity/12", { id: "12" }],
    ["/activity/burj-khalifa", { id: "burj-khalifa" }],
    ["/nashville/12", { id: "12" }],
    ["/embed/activity/12", { id: "12" }],
    ["/embed/usa/tn/nashville/things-to-do/parthenon", { cityId: "nashville", activitySlug: "parthenon" }],
    ["/embed/nashville/parthenon", { cityId: "nashville", activitySlug: "parthenon" }],
  ])("%s", (path, ref) => {
    expect(activityRefOfPath(path)).toEqual(ref);
  });

  it.each([
    "/",
    "/cities",
    "/usa/tn/nashville",
    "/usa/tn/nashville/things-to-do",
    "/usa/tn/nashville/guide",
    "/usa/tn/nashville/things-to-do/a/b",
    "/nashville",
    "/embed",
    "/usa/tn/nashville/%E0%A4%A",
  ])("%s names no activity", (path) => {
    expect(activityRefOfPath(path)).toBeNull();
  });
});

describe("oembedSize", () => {
  it("is the card's default size without bounds, and fits within maxwidth and maxheight", () => {
    expect(oembedSize({})).toEqual(OEMBED_DEFAULT_SIZE);
    expect(oembedSize({ maxwidth: 300 })).toEqual({ width: 300, height: OEMBED_DEFAULT_SIZE.height });
    expect(oembedSize({ maxwidth: 5000, maxheight: 400 })).toEqual({ width: OEMBED_DEFAULT_SIZE.width, height: 400 });
  });
});

describe("oembedRich: the oEmbed 1.0 'rich' answer", () => {
  const provider = { name: "Things To Do", url: "https://example.com" };
  it("carries the required fields and an iframe of the embed card at the size, escaped", () => {
    const answer = oembedRich(
      { title: 'Tom "T" & Jerry <3', embedUrl: "https://example.com/embed/activity/1?a=1&b=2" },
      provider,
      { width: 300, height: 500 },
    );
    expect(answer).toMatchObject({
      version: "1.0",
      type: "rich",
      width: 300,
      height: 500,
      provider_name: "Things To Do",
    });
    expect(answer.html).toBe(
      '<iframe src="https://example.com/embed/activity/1?a=1&amp;b=2" width="300" height="500" style="border:0;max-width:100%" loading="lazy" title="Tom &quot;T&quot; &amp; Jerry &lt;3"></iframe>',
    );
    expect(answer).not.toHaveProperty("thumbnail_url");
  });

  it("names the thumbnail with its size when the activity has a photo", () => {
    const answer = oembedRich(
      {
        title: "A",
        embedUrl: "https://example.com/embed/activity/1",
        thumbnail: { url: "https://example.com/p.jpg", width: 800, height: 500 },
      },
      provider,
      OEMBED_DEFAULT_SIZE,
    );
    expect(answer).toMatchObject({
      thumbnail_url: "https://example.com/p.jpg",
      thumbnail_width: 800,
      thumbnail_height: 500,
    });
  });
});

it("oembedDiscoveryHref asks for the page's canonical URL as JSON", () => {
  expect(oembedDiscoveryHref("https://example.com", "https://example.com/usa/tn/nashville/things-to-do/a-b")).toBe(
    "https://example.com/oembed?url=https%3A%2F%2Fexample.com%2Fusa%2Ftn%2Fnashville%2Fthings-to-do%2Fa-b&format=json",
  );
});
