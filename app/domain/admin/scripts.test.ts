import { describe, expect, it } from "vitest";
import {
  SCRIPT_MAX,
  ScriptsSchema,
  pageCarriesScripts,
  scriptEnvironment,
  scriptTabPath,
  scriptsForEnvironment,
} from "./scripts";

const row = {
  headScripts: '<meta name="general">',
  bodyScripts: "",
  prodHeadScripts: "<script>prod()</script>",
  prodBodyScripts: "<noscript>prod</noscript>",
  devHeadScripts: "<script>dev()</script>",
  devBodyScripts: "",
};

describe("scriptsForEnvironment", () => {
  it("adds the production scripts in production", () => {
    expect(scriptsForEnvironment(row, "production")).toEqual({
      headScripts: '<meta name="general">\n<script>prod()</script>',
      bodyScripts: "<noscript>prod</noscript>",
    });
  });

  it("adds the development scripts anywhere else", () => {
    expect(scriptsForEnvironment(row, "development")).toEqual({
      headScripts: '<meta name="general">\n<script>dev()</script>',
      bodyScripts: "",
    });
    expect(scriptsForEnvironment(row, "test").headScripts).toContain("dev()");
  });

  it("gives empty scripts without a settings row", () => {
    expect(scriptsForEnvironment(null, "production")).toEqual({ headScripts: "", bodyScripts: "" });
  });
});

describe("Save Scripts", () => {
  it("takes the four production and development boxes, empty when left out, each capped", () => {
    expect(ScriptsSchema.parse({ prodHeadScripts: " <script>p()</script>\n", devBodyScripts: null })).toEqual({
      prodHeadScripts: "<script>p()</script>",
      prodBodyScripts: "",
      devHeadScripts: "",
      devBodyScripts: "",
    });
    const tooLong = ScriptsSchema.safeParse({ devHeadScripts: "x".repeat(SCRIPT_MAX + 1) });
    expect(tooLong.success || tooLong.error.issues[0]!.message).toBe(
      "Development head scripts must be at most 50,000 characters",
    );
    expect(ScriptsSchema.safeParse({ prodHeadScripts: 1 }).success).toBe(false);
  });

  it("opens the production tab unless development is asked for, and links to each", () => {
    expect(scriptEnvironment(null)).toBe("production");
    expect(scriptEnvironment("development")).toBe("development");
    expect(scriptEnvironment("staging")).toBe("production");
    expect(scriptTabPath("production")).toBe("/admin/settings");
    expect(scriptTabPath("development")).toBe("/admin/settings?scripts=development");
  });
});

describe("pageCarriesScripts", () => {
  it("is true for the public pages, the embed card and the error pages under them", () => {
    for (const path of ["/", "/cities", "/usa/tn/nashville/things-to-do", "/embed/activity/1", "/administrators", "/x"])
      expect(pageCarriesScripts(path), path).toBe(true);
  });

  it("is false for the dashboard and its sign-in pages, however the path is spelled", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/activities",
      "/admin/login",
      "/admin/login/link/abc",
      "/admin/nothing",
      "/ADMIN/login",
      "/%61dmin/login",
      "//admin/login",
      "/api/logout",
    ])
      expect(pageCarriesScripts(path), path).toBe(false);
  });
});
