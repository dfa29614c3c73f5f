import { describe, expect, it } from "vitest";
import { injectScripts as injectIntoBytes } from "./inject-scripts.server";

const injectScripts = (html: string, scripts: { headScripts: string; bodyScripts: string }) =>
  injectIntoBytes(Buffer.from(html), scripts).toString("utf8");

describe("injectScripts", () => {
  const scripts = { headScripts: "<script>window.h=1</script>", bodyScripts: '<noscript><img src="/p"></noscript>' };

  it("puts the head scripts before </head> and the body scripts before </body>, raw", () => {
    const html = injectScripts("<html><head><title>x</title></head><body><main>é</main></body></html>", scripts);
    expect(html).toBe(
      '<html><head><title>x</title><script>window.h=1</script></head><body><main>é</main><noscript><img src="/p"></noscript></body></html>',
    );
  });

  it("puts the body scripts before the document's own closing tag, not an earlier one", () => {
    const html = injectScripts("<html><head></head><body><template></body></template></body></html>", scripts);
    expect(html).toBe(
      '<html><head><script>window.h=1</script></head><body><template></body></template><noscript><img src="/p"></noscript></body></html>',
    );
  });

  it("adds them at the ends of a fragment without the closing tags", () => {
    expect(injectScripts("<p>hi</p>", scripts)).toBe(
      '<script>window.h=1</script><p>hi</p><noscript><img src="/p"></noscript>',
    );
  });

  it("leaves the document alone without scripts", () => {
    const doc = "<html><head></head><body>hi</body></html>";
    expect(injectScripts(doc, { headScripts: "", bodyScripts: "" })).toBe(doc);
  });
});
