import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority";

const render = (html: string) => lowPriorityModulePreloads(Buffer.from(html)).toString();

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload in <head> low priority and leaves the rest of the document as it is", () => {
    const head =
      '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/r.js"/><link rel="preload" as="image" href="/p.jpg" fetchPriority="high"/></head>';
    const body = '<body><p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/late.js"/></body>';
    expect(render(`<!DOCTYPE html><html>${head}${body}</html>`)).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" fetchPriority="low" href="/e.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchPriority="low" href="/r.js"/>' +
        '<link rel="preload" as="image" href="/p.jpg" fetchPriority="high"/></head>' +
        body +
        "</html>",
    );
  });

  it("returns a document without module preloads unchanged, and keeps multi-byte text intact", () => {
    const html = Buffer.from("<html><head><title>Café ☕</title></head><body>Zürich</body></html>");
    expect(lowPriorityModulePreloads(html)).toBe(html);
    const withPreload =
      '<head><title>Café ☕</title><link rel="modulepreload" href="/e.js"/></head><body>Zürich</body>';
    expect(render(withPreload)).toBe(
      '<head><title>Café ☕</title><link rel="modulepreload" fetchPriority="low" href="/e.js"/></head><body>Zürich</body>',
    );
  });
});
