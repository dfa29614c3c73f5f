import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { injectScripts } from "./inject-scripts.server";

async function run(chunks: string[], scripts: { headScripts: string; bodyScripts: string }) {
  let out = "";
  for await (const part of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(injectScripts(scripts))) out += part;
  return out;
}

describe("injectScripts", () => {
  const scripts = { headScripts: '<script>window.h=1</script>', bodyScripts: '<noscript><img src="/p"></noscript>' };

  it("puts the head scripts before </head> and the body scripts before </body>, raw", async () => {
    const html = await run(["<html><head><title>x</title></head><body><main>é</main></body></html>"], scripts);
    expect(html).toBe(
      '<html><head><title>x</title><script>window.h=1</script></head><body><main>é</main><noscript><img src="/p"></noscript></body></html>',
    );
  });

  it("finds the closing tags across chunk boundaries, and multi-byte characters survive", async () => {
    const bytes = Buffer.from("<head></he");
    const html = await run(["<html>", bytes.toString(), "ad><body>ü", "</bo", "dy></html>"], scripts);
    expect(html).toBe('<html><head><script>window.h=1</script></head><body>ü<noscript><img src="/p"></noscript></body></html>');
  });

  it("leaves the document alone without scripts", async () => {
    const doc = "<html><head></head><body>hi</body></html>";
    expect(await run([doc], { headScripts: "", bodyScripts: "" })).toBe(doc);
  });
});
