// npm 11 runs a dependency's install script only when package.json's allowScripts approves it, and `npm install` warns
// about every one it has not been told about (issue #27 item 20). Each installed package with one is reviewed there:
// approved where the project needs it, denied where it does not (docs/operations.md 'Database notes').
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const npmMajor = Number(execFileSync("npm", ["--version"], { encoding: "utf8" }).split(".")[0]);

describe.runIf(npmMajor >= 11)("install scripts", () => {
  it("every installed dependency's install script is approved or denied in package.json", () => {
    const output = execFileSync("npm", ["install-scripts", "ls"], { encoding: "utf8" });
    expect(output.trim()).toBe("No packages with unreviewed install scripts.");
  });
});
