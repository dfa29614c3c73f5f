import { describe, expect, it } from "vitest";
import { isCityPagePath, LOADING_ACTIVITIES, LOADING_CITY, navigationLoadingMessage } from "./page-loading";

const NASHVILLE = "/usa/tn/nashville/things-to-do";

describe("isCityPagePath", () => {
  it("knows the things-to-do page, tag pages and category pages, in either prefix", () => {
    expect(isCityPagePath(NASHVILLE)).toBe(true);
    expect(isCityPagePath("/uae/dubai/dubai/things-to-do")).toBe(true);
    expect(isCityPagePath("/usa/tn/nashville/historic-sites")).toBe(true);
    expect(isCityPagePath("/usa/tn/nashville/things-to-do-with-kids")).toBe(true);
    expect(isCityPagePath("/usa/tn/nashville/bars-and-restaurants")).toBe(true);
    expect(isCityPagePath("/usa/tn/nashville/museums")).toBe(true);
  });

  it("takes a category list, so admin-added categories can be named", () => {
    expect(isCityPagePath("/usa/tn/nashville/boat-trips")).toBe(false);
    expect(isCityPagePath("/usa/tn/nashville/boat-trips", ["Boat Trips"])).toBe(true);
  });

  it("is not the home page, Explore Cities, a detail page, the city guide or an activity slug", () => {
    for (const path of [
      "/",
      "/cities",
      "/search",
      "/usa/tn/nashville",
      "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge",
      "/usa/tn/nashville/tootsies-orchid-lounge",
      "/usa/tn/nashville/all",
      "/activity/12",
      "/nashville",
    ]) {
      expect(isCityPagePath(path), path).toBe(false);
    }
  });
});

describe("navigationLoadingMessage", () => {
  it("says 'Loading city...' on the way to another city page or from another page", () => {
    expect(navigationLoadingMessage("/usa/ga/atlanta/things-to-do", NASHVILLE)).toBe(LOADING_CITY);
    expect(navigationLoadingMessage("/", NASHVILLE)).toBe(LOADING_CITY);
    expect(navigationLoadingMessage("/usa/tn/nashville/things-to-do/tootsies-orchid-lounge", NASHVILLE)).toBe(
      LOADING_CITY,
    );
    expect(navigationLoadingMessage(NASHVILLE, "/usa/tn/nashville/museums")).toBe(LOADING_CITY);
    expect(LOADING_CITY).toBe("Loading city...");
  });

  it("says 'Loading activities...' when only the filters of the same page change", () => {
    expect(navigationLoadingMessage(NASHVILLE, NASHVILLE)).toBe(LOADING_ACTIVITIES);
    expect(LOADING_ACTIVITIES).toBe("Loading activities...");
  });

  it("says nothing on the way to other pages", () => {
    expect(navigationLoadingMessage(NASHVILLE, "/")).toBeNull();
    expect(navigationLoadingMessage(NASHVILLE, "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge")).toBeNull();
    expect(navigationLoadingMessage("/", "/cities")).toBeNull();
  });
});
