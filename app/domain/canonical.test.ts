import { describe, expect, it } from "vitest";
import { canonicalUrl, isTrackingParam, pagePath, publicOrigin } from "./canonical";

describe("canonicalUrl", () => {
  it("drops tracking parameters and keeps meaningful ones in order", () => {
    expect(
      canonicalUrl(
        "https://example.com",
        "/usa/tn/nashville/things-to-do",
        "?utm_source=x&category=Parks&gclid=1&page=2&fbclid=2&UTM_Campaign=y&tag=Romantic",
      ),
    ).toBe("https://example.com/usa/tn/nashville/things-to-do?category=Parks&page=2&tag=Romantic");
  });

  it("drops empty values and page=1, and has no ? without parameters", () => {
    expect(canonicalUrl("https://example.com/", "/a", "?q=&page=1")).toBe("https://example.com/a");
    expect(canonicalUrl("https://example.com", "/a")).toBe("https://example.com/a");
  });

  it("recognises tracking parameters", () => {
    expect(isTrackingParam("utm_medium")).toBe(true);
    expect(isTrackingParam("msclkid")).toBe(true);
    expect(isTrackingParam("category")).toBe(false);
    expect(isTrackingParam("page")).toBe(false);
  });
});

describe("publicOrigin", () => {
  it("prefers PUBLIC_URL over the request origin", () => {
    expect(publicOrigin("https://things.example.com/", "http://10.0.0.5:3000/x?y=1")).toBe(
      "https://things.example.com",
    );
    expect(publicOrigin(undefined, "http://localhost:3000/x?y=1")).toBe("http://localhost:3000");
  });
});

describe("pagePath", () => {
  it("is the pathname of a document request", () => {
    expect(pagePath("http://x.test/usa/tn/nashville/things-to-do/radnor-lake-state-park?a=1")).toBe(
      "/usa/tn/nashville/things-to-do/radnor-lake-state-park",
    );
  });

  it("drops the '.data' suffix of a client navigation's data request", () => {
    expect(pagePath("http://x.test/usa/tn/nashville/things-to-do/radnor-lake-state-park.data")).toBe(
      "/usa/tn/nashville/things-to-do/radnor-lake-state-park",
    );
    expect(pagePath("http://x.test/admin/activities.data?_routes=x")).toBe("/admin/activities");
  });

  it("maps the home page's data request to '/'", () => {
    expect(pagePath("http://x.test/_.data")).toBe("/");
    expect(pagePath("http://x.test/_root.data")).toBe("/");
    expect(pagePath("http://x.test/")).toBe("/");
  });

  it("keeps the trailing slash of a path whose data request ends in '/_.data'", () => {
    expect(pagePath("http://x.test/lyon/_.data")).toBe("/lyon/");
  });
});
