import { describe, expect, it } from "vitest";
import {
  EXTERNAL_SCRIPT_LOADER,
  externalScriptsLoaded,
  injectScripts,
  LOADED_MODULE_TYPE,
  LOADED_SCRIPT_TYPE,
} from "./inject-scripts.server";

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

  it("writes the same bytes into a document held one character a byte (latin1)", () => {
    const doc = "<html><head><title>Café ★</title></head><body><main>é</main></body></html>";
    const unicode = { headScripts: '<script src="/ü.js"></script><script>a("☕")</script>', bodyScripts: "<p>→</p>" };
    const bytes = injectScripts(Buffer.from(doc).toString("latin1"), unicode, "latin1");
    expect(Buffer.from(bytes, "latin1").toString("utf8")).toBe(injectScripts(doc, unicode));
  });

  it("leaves the document alone without scripts", () => {
    const doc = "<html><head></head><body>hi</body></html>";
    expect(injectScripts(doc, { headScripts: "", bodyScripts: "" })).toBe(doc);
  });
});

describe("externalScriptsLoaded", () => {
  const LOADER = `<script>${EXTERNAL_SCRIPT_LOADER}</script>`;

  it("makes each external script's tag inert, attributes as written, and follows it with the loader", () => {
    const html =
      '<script async src="https://a.example/t.js?id=1&amp;v=2" data-site="x"></script>\n' +
      '<SCRIPT type="module" src=/m.js></SCRIPT><script type="text/javascript" src="/c.js" defer>ignored()</script>';
    expect(externalScriptsLoaded(html)).toBe(
      `<script type="${LOADED_SCRIPT_TYPE}" async src="https://a.example/t.js?id=1&amp;v=2" data-site="x"></script>${LOADER}\n` +
        `<script type="${LOADED_MODULE_TYPE}" src=/m.js></SCRIPT>${LOADER}` +
        `<script type="${LOADED_SCRIPT_TYPE}" src="/c.js" defer>ignored()</script>${LOADER}`,
    );
  });

  it("leaves inline scripts, data blocks and what is not a script as they are", () => {
    const html =
      '<script>gtag("js")</script><script type="application/json" src="/d.json"></script>' +
      '<!-- <script src="/old.js"></script> --><noscript><script src="/n.js"></script></noscript><img src="/p.png">';
    expect(externalScriptsLoaded(html)).toBe(html);
  });

  it("is what injectScripts writes", () => {
    const html = injectScripts("<html><head></head><body></body></html>", {
      headScripts: '<script src="/h.js"></script>',
      bodyScripts: "",
    });
    expect(html).toBe(
      `<html><head><script type="${LOADED_SCRIPT_TYPE}" src="/h.js"></script>${LOADER}</head><body></body></html>`,
    );
  });

  describe("the loader", () => {
    /** Runs the loader after an inert tag with `attributes`, in a document still `readyState`. */
    function load(type: string, attributes: Record<string, string>, readyState = "loading") {
      const inserted: { attributes: Record<string, string>; type?: string; async?: boolean }[] = [];
      const listeners: Record<string, () => void> = {};
      const tag = {
        type,
        attributes: Object.entries({ type, ...attributes }).map(([name, value]) => ({ name, value })),
        hasAttribute: (name: string) => name in attributes,
        after: (node: (typeof inserted)[number]) => inserted.push(node),
      };
      const document = {
        readyState,
        currentScript: { previousElementSibling: tag },
        createElement: () => {
          const node: (typeof inserted)[number] = { attributes: {} };
          return Object.assign(node, { setAttribute: (n: string, v: string) => (node.attributes[n] = v) });
        },
        addEventListener: (event: string, listener: () => void) => (listeners[event] = listener),
      };
      new Function("document", EXTERNAL_SCRIPT_LOADER)(document);
      const plain = () => inserted.map(({ attributes, type, async }) => ({ attributes, type, async }));
      return { plain, listeners };
    }

    it("inserts a script with the tag's attributes but its type, async only if the tag was", () => {
      const attributes = { src: "https://a.example/t.js?id=1&v=2", async: "", "data-site": "x" };
      expect(load(LOADED_SCRIPT_TYPE, attributes).plain()).toEqual([{ attributes, type: undefined, async: true }]);
      expect(load(LOADED_SCRIPT_TYPE, { src: "/c.js" }).plain()).toEqual([
        { attributes: { src: "/c.js" }, type: undefined, async: false },
      ]);
      expect(load(LOADED_MODULE_TYPE, { src: "/m.js" }).plain()).toEqual([
        { attributes: { src: "/m.js" }, type: "module", async: false },
      ]);
    });

    it("inserts a deferred script once the document is parsed", () => {
      const deferred = load(LOADED_SCRIPT_TYPE, { src: "/d.js", defer: "" });
      expect(deferred.plain()).toEqual([]);
      deferred.listeners.DOMContentLoaded!();
      expect(deferred.plain()).toHaveLength(1);
      expect(load(LOADED_SCRIPT_TYPE, { src: "/d.js", defer: "" }, "interactive").plain()).toHaveLength(1);
    });
  });
});
