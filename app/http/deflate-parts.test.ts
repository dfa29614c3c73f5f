import { crc32, gunzipSync, inflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adler32, adler32Combine, assembleCompressed, crc32Combine, deflatePart } from "./deflate-parts";

const page = (parts: string[], nonce: string, coding: "deflate" | "gzip" = "deflate") =>
  assembleCompressed(
    parts.map((p) => deflatePart(Buffer.from(p))),
    Buffer.from(nonce),
    coding,
  );

describe("a kept page compressed once, with a new nonce each time", () => {
  it("inflates to the page with the nonce in every gap (zlib checks the Adler-32 trailer)", () => {
    const parts = ['<html><script nonce="', '">hydrate()</script><p>Café 🎸 ', '"></script></html>'];
    for (const nonce of ["abc", "Zm9vYmFyYmF6cXV4MTIzNA==", ""])
      expect(inflateSync(page(parts, nonce)).toString()).toBe(parts.join(nonce));
  });

  it("makes a gzip member of the same body (zlib checks the CRC-32 and length trailer)", () => {
    const parts = ['<html><script nonce="', '">hydrate()</script><p>Café 🎸 ', '"></script></html>'];
    for (const nonce of ["abc", "Zm9vYmFyYmF6cXV4MTIzNA==", ""])
      expect(gunzipSync(page(parts, nonce, "gzip")).toString()).toBe(parts.join(nonce));
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary", maxLength: 2000 }), { minLength: 1, maxLength: 6 }),
        fc.string(),
        (parts, nonce) => {
          expect(gunzipSync(page(parts, nonce, "gzip")).toString()).toBe(parts.join(nonce));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("combines CRC-32s as zlib does", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 200 },
    );
    const big = Buffer.alloc(5_000_000, 7);
    expect(crc32Combine(crc32("head"), crc32(big), big.length)).toBe(crc32(Buffer.concat([Buffer.from("head"), big])));
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
