import { describe, expect, it } from "vitest";
import { scriptsForEnvironment } from "./scripts";

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
