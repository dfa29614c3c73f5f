import { inflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adler32, adler32Combine, assembleDeflate, deflatePart } from "./deflate-parts";

const page = (parts: string[], nonce: string) =>
  assembleDeflate(
    parts.map((p) => deflatePart(Buffer.from(p))),
    Buffer.from(nonce),
  );

describe("a kept page compressed once, with a new nonce each time", () => {
  it("inflates to the page with the nonce in every gap (zlib checks the Adler-32 trailer)", () => {
    const parts = ['<html><script nonce="', '">hydrate()</script><p>Café 🎸 ', '"></script></html>'];
    for (const nonce of ["abc", "Zm9vYmFyYmF6cXV4MTIzNA==", ""])
      expect(inflateSync(page(parts, nonce)).toString()).toBe(parts.join(nonce));
  });

  it("holds any parts and nonce, large ones included (a nonce over 64 KB spans stored blocks)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary", maxLength: 2000 }), { minLength: 1, maxLength: 6 }),
        fc.string(),
        (parts, nonce) => {
          expect(inflateSync(page(parts, nonce)).toString()).toBe(parts.join(nonce));
        },
      ),
      { numRuns: 100 },
    );
    const big = "x".repeat(70_000);
    expect(inflateSync(page(["a", big, "b"], big)).toString()).toBe(["a", big, "b"].join(big));
  });

  it("combines Adler-32 sums as zlib does", () => {
    const a = Buffer.from("Wikipedia");
    const b = Buffer.from(" is a free online encyclopedia".repeat(5000));
    expect(adler32(Buffer.from("Wikipedia"))).toBe(0x11e60398);
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(Buffer.concat([a, b])));
    expect(adler32Combine(1, adler32(b), b.length)).toBe(adler32(b));
  });
});
