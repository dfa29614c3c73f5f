import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, isJavaScriptType, scriptElements } from "./script-hashes";

/** The source a browser computes for a script's text (CSP3 §8.4: SHA-256 of its UTF-8 bytes, base64). */
const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text as written, each once, in document order", () => {
    const html =
      '<html><head><script>window.a = "é ☕";</script></head><body><p>x</p>' +
      '<SCRIPT type="module">import "/m.js";</SCRIPT><script type="text/x-module-after-paint">import "/e.js";</script>' +
      '<script>window.a = "é ☕";</script><script></script></body></html>';
    expect(inlineScriptHashes(html)).toEqual([
      hash('window.a = "é ☕";'),
      hash('import "/m.js";'),
      hash('import "/e.js";'),
      hash(""),
    ]);
  });

  it("leaves out external scripts and JSON data blocks, which no hash is asked for", () => {
    const html =
      '<script src="/a.js">ignored()</script><script type="application/json">{"a":1}</script>' +
      '<script type="application/ld+json">{}</script><script type=" Application/JSON ">{}</script><script>run()</script>';
    expect(inlineScriptHashes(html)).toEqual([hash("run()")]);
  });

  it("gives the same hashes for the document's bytes read one character a byte (latin1)", () => {
    const html =
      '<p title="→">★ 4.5 · </p><script>window.a = "é ☕";\0\r\n</script><script type="module">import "/m.js";</script>' +
      '<script type="application/ld+json">{"name":"Café"}</script>';
    const bytes = Buffer.from(html, "utf8").toString("latin1");
    expect(inlineScriptHashes(bytes, "latin1")).toEqual(inlineScriptHashes(html));
    expect(inlineScriptHashes(bytes, "latin1")).toEqual([hash('window.a = "é ☕";\uFFFD\n'), hash('import "/m.js";')]);
  });

  it("hashes the text as the parser reads it: line breaks as LF, NUL as U+FFFD, entities left alone", () => {
    expect(inlineScriptHashes("<script>a();\r\nb();\rc();\0</script>")).toEqual([hash("a();\nb();\nc();\uFFFD")]);
    expect(inlineScriptHashes("<script>x = '&amp;'</script>")).toEqual([hash("x = '&amp;'")]);
  });

  it("ends a script where the parser does: at </script followed by a space, / or >, in any case", () => {
    expect(inlineScriptHashes('<script>s = "</scripts>"; t = 1</SCRIPT ><p>')).toEqual([
      hash('s = "</scripts>"; t = 1'),
    ]);
    expect(inlineScriptHashes("<script>a()</script/><script>b()")).toEqual([hash("a()"), hash("b()")]);
  });

  it("follows the escaped states: after <!--, a nested <script> keeps the next </script> in the text", () => {
    const text = 'document.write("<!--<script>x()</script>-->"); y()';
    expect(inlineScriptHashes(`<script>${text}</script><script>z()</script>`)).toEqual([hash(text), hash("z()")]);
    expect(inlineScriptHashes("<script><!-- a() --></script>")).toEqual([hash("<!-- a() -->")]);
    expect(inlineScriptHashes("<script><!--></script><script>b()</script>")).toEqual([hash("<!-->"), hash("b()")]);
  });

  it("finds no script inside a comment, a raw-text element or a quoted attribute value", () => {
    const html =
      "<!-- <script>not()</script> --><style>/* <script> */</style><textarea><script>no()</textarea>" +
      '<noscript><script>never()</script></noscript><div title="<script>">\'</div><title><script></title>' +
      "<script>real()</script>";
    expect(inlineScriptHashes(html)).toEqual([hash("real()")]);
  });

  it("reads attributes as the parser does: quotes, unquoted values, a '>' inside quotes, the first of two names", () => {
    const [script] = scriptElements(`<script data-x="a>b" type=module TYPE="text/plain" async>go()</script>`);
    expect(script!.attributes.map((a) => [a.name, a.rawValue])).toEqual([
      ["data-x", "a>b"],
      ["type", "module"],
      ["async", ""],
    ]);
    expect(inlineScriptHashes(`<script data-x="a>b">go()</script>`)).toEqual([hash("go()")]);
  });

  it("stops where the document ends inside a tag, a comment or a script", () => {
    expect(inlineScriptHashes('<script>a()</script><script data-x="unclosed>b()</script>')).toEqual([hash("a()")]);
    expect(inlineScriptHashes("<script>a()</script><!-- <script>b()</script>")).toEqual([hash("a()")]);
    expect(inlineScriptHashes("<p><script>a()")).toEqual([hash("a()")]);
  });
});

describe("isJavaScriptType", () => {
  it("takes no type, an empty one, JavaScript MIME types and module, in any case", () => {
    for (const type of [undefined, "", " ", "text/javascript", "TEXT/JavaScript", "application/ecmascript", "module"]) {
      expect(isJavaScriptType(type), String(type)).toBe(true);
    }
    for (const type of ["application/json", "text/x-module-after-paint", "text/plain", "importmap"]) {
      expect(isJavaScriptType(type), type).toBe(false);
    }
  });
});
