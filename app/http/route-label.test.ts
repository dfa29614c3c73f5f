import { describe, expect, it } from "vitest";
import { routeLabeler } from "./route-label";

describe("routeLabeler", () => {
  const label = routeLabeler({
    root: { id: "root", path: "" },
    home: { id: "home", parentId: "root", index: true },
    admin: { id: "admin", parentId: "root", path: "admin" },
    "admin-activities": { id: "admin-activities", parentId: "admin", path: "activities" },
    city: { id: "city", parentId: "root", path: ":country/:state/:city" },
    splat: { id: "splat", parentId: "root", path: "*" },
  });

  it("names the deepest route, whatever the parameters' values", () => {
    expect(label("/")).toBe("home");
    expect(label("/admin/activities")).toBe("admin-activities");
    expect(label("/usa/tn/nashville")).toBe("city");
    expect(label("/usa/ca/san-francisco")).toBe("city");
  });

  it("is the catch-all, or 'unmatched', for anything else: never the raw path", () => {
    expect(label("/no/such/page/here")).toBe("splat");
    expect(routeLabeler({ a: { id: "a", path: "a" } })("/b")).toBe("unmatched");
  });
});
