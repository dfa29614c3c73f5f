import { describe, expect, it } from "vitest";
import { adminActivityListParams, dialogUrl, listUrlOf, parseAdminActivityList } from "./admin-activity-list";

describe("admin activity list state", () => {
  it("reads the URL with defaults for missing or junk values", () => {
    expect(parseAdminActivityList(new URLSearchParams(""))).toEqual({
      search: "",
      cityId: "",
      sort: "name-asc",
      untagged: false,
      page: 1,
    });
    expect(
      parseAdminActivityList(new URLSearchParams("search=%20zoo%20&cityId=nashville&sort=newest&untagged=1&page=3")),
    ).toEqual({
      search: "zoo",
      cityId: "nashville",
      sort: "newest",
      untagged: true,
      page: 3,
    });
    expect(parseAdminActivityList(new URLSearchParams("sort=rating-high&page=-2&untagged=no"))).toMatchObject({
      sort: "name-asc",
      page: 1,
      untagged: false,
    });
  });

  it("writes only what differs from the defaults, and keeps only list keys of a dialog URL", () => {
    expect(adminActivityListParams({ search: "", cityId: "", sort: "name-asc", untagged: false, page: 1 })).toEqual({
      search: undefined,
      cityId: undefined,
      sort: undefined,
      untagged: undefined,
      page: undefined,
    });
    expect(listUrlOf(new URLSearchParams("ids=1&ids=2&intent=delete&search=zoo&page=2"))).toBe(
      "/admin/activities?search=zoo&page=2",
    );
    expect(listUrlOf(new URLSearchParams("intent=delete"))).toBe("/admin/activities");
  });

  it("builds the dialog URLs with the list state in their query", () => {
    const state = parseAdminActivityList(new URLSearchParams("cityId=nashville&page=2"));
    expect(dialogUrl("new", state)).toBe("/admin/activities/new?cityId=nashville&page=2");
    expect(dialogUrl({ edit: 7 }, state)).toBe("/admin/activities/7/edit?cityId=nashville&page=2");
    expect(dialogUrl({ delete: 7 }, state)).toBe("/admin/activities/7/delete?cityId=nashville&page=2");
    expect(dialogUrl("bulk", parseAdminActivityList(new URLSearchParams()))).toBe("/admin/activities/bulk");
  });
});
