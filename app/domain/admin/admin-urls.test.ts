import { describe, expect, it } from "vitest";
import {
  adminCitiesPath,
  adminDeleteCategoryPath,
  adminDeleteCityPath,
  adminEditCityPath,
  adminEditTagPath,
  adminNewCityPath,
  listSearch,
} from "./admin-urls";

describe("admin taxonomy URLs", () => {
  it("carries the city search into the dialogs and back", () => {
    expect(adminCitiesPath()).toBe("/admin/cities");
    expect(adminCitiesPath({ q: " new york " })).toBe("/admin/cities?q=new+york");
    expect(adminNewCityPath({ q: "tn" })).toBe("/admin/cities/new?q=tn");
    expect(adminEditCityPath("new-york", { q: "" })).toBe("/admin/cities/new-york/edit");
    expect(adminDeleteCityPath("nashville", { q: "music" })).toBe("/admin/cities/nashville/delete?q=music");
    expect(listSearch("http://x/admin/cities/new?q=%20tn%20")).toEqual({ q: "tn" });
    expect(listSearch("http://x/admin/cities?q=")).toEqual({});
  });

  it("addresses tags and categories by id", () => {
    expect(adminEditTagPath(3)).toBe("/admin/tags/3/edit");
    expect(adminDeleteCategoryPath(12)).toBe("/admin/categories/12/delete");
  });
});
