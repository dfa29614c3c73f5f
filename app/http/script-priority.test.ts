import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, modulesAfterFirstPaint, scriptsAfterFirstPaint } from "./script-priority";

const render = scriptsAfterFirstPaint;

const HEAD =
  '<head><title>Café ☕</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
  '<link rel="modulepreload" href="/r.js"/><link rel="preload" as="image" href="/p.jpg" fetchPriority="high"/></head>';
const MODULE = 'import * as route0 from "/r.js";\nwindow.x = {"a":"</scr" + "ipt>"};\nimport("/e.js");';
const BODY_START = '<body><p>Zürich &lt;link rel="modulepreload"</p><script>window.ctx = 1;</script>';
const BODY_END = "<!--$--><script>window.ctx.done();</script></body>";

describe("scriptsAfterFirstPaint", () => {
  const html = `<!DOCTYPE html><html>${HEAD}${BODY_START}<script type="module" async="">${MODULE}</script>${BODY_END}</html>`;
  const out = render(html);

  it("takes the module preloads out of <head> and leaves the rest of the document as it is", () => {
    expect(out.slice(0, out.indexOf("</head>"))).toBe(
      '<!DOCTYPE html><html><head><title>Café ☕</title><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="preload" as="image" href="/p.jpg" fetchPriority="high"/>',
    );
    expect(out).toContain(`</head>${BODY_START}`);
    expect(out.endsWith(`${BODY_END}</html>`)).toBe(true);
  });

  it("keeps the module script as an inert block, followed by the inline script that starts it", () => {
    expect(out).toContain(`<script type="${DEFERRED_MODULE_TYPE}">${MODULE}</script><script>(`);
    expect(out).not.toMatch(/<script[^>]* type="module"/);
  });

  it("starts the preloads and the module once the browser has painted, or at once in a hidden tab", () => {
    const starter = /<script>(\(function\(\)\{.*?\}\)\(\))<\/script>/.exec(out)![1]!;
    const appended: { tag: string; props: Record<string, string> }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const listeners: (() => void)[] = [];
    const element = (tag: string) => {
      const item = { tag, props: {} as Record<string, string> };
      return new Proxy(item.props, {
        get: (props, key) => (key === "__item" ? item : props[key as string]),
        set: (props, key, value) => ((props[key as string] = value), true),
      });
    };
    const add = (node: Record<string, unknown>) => appended.push(node.__item as (typeof appended)[number]);
    const run = (visibilityState: string) => {
      appended.length = frames.length = timers.length = listeners.length = 0;
      const document = {
        visibilityState,
        currentScript: { previousElementSibling: { textContent: MODULE, after: add } },
        head: { appendChild: add },
        createElement: element,
        addEventListener: (_: string, f: () => void) => listeners.push(f),
      };
      new Function("document", "requestAnimationFrame", "setTimeout", starter)(
        document,
        (f: () => void) => frames.push(f),
        (f: () => void) => timers.push(f),
      );
    };

    run("visible");
    expect(appended).toEqual([]);
    frames.shift()!(); // the frame before the first paint
    expect(appended).toEqual([]);
    timers.shift()!(); // the task after it
    expect(appended).toEqual([
      { tag: "script", props: { type: "module", textContent: MODULE } },
      { tag: "link", props: { rel: "modulepreload", href: "/e.js" } },
      { tag: "link", props: { rel: "modulepreload", href: "/r.js" } },
    ]);
    expect(timers).toEqual([]); // two preloads fit in one task
    listeners.forEach((f) => f()); // a later visibility change starts nothing twice
    expect(appended).toHaveLength(3);

    run("hidden");
    expect(appended.map((a) => a.tag)).toEqual(["script", "link", "link"]);
  });

  it("lists the modules it starts (the benchmark weighs them)", () => {
    expect(modulesAfterFirstPaint(out)).toEqual(["/e.js", "/r.js"]);
    expect(modulesAfterFirstPaint(html)).toEqual([]);
  });

  it("returns a document without a module script unchanged (a page without scripts)", () => {
    const plain = `<html>${HEAD}<body>Zürich</body></html>`;
    expect(scriptsAfterFirstPaint(plain)).toBe(plain);
  });
});
