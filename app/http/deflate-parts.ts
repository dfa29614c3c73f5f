// A kept page compressed once, sent with a new CSP nonce each time (issue #15, app/http/page-cache.server.ts).
//
// The page is cut at its nonce; each part is compressed on its own as raw deflate ending in a sync flush (so it
// ends on a byte boundary and can be followed by any block). An answer is a zlib stream (RFC 1950, what HTTP's
// `Content-Encoding: deflate` names) or a gzip member (RFC 1952, `gzip`: what CDNs and many clients ask for) around
// the same deflate body: the parts with the request's nonce between them as stored blocks and an empty final
// block. The checksum of the whole text (Adler-32 for zlib, CRC-32 for gzip) is combined from each part's (kept)
// and the nonce's. Nothing is compressed per request, and memory holds the compressed parts only.
import { constants, crc32, deflateRawSync } from "node:zlib";

export interface DeflatedPart {
  /** Raw deflate, ending in a sync flush. */
  deflated: Buffer;
  adler: number;
  crc: number;
  length: number;
}

/** The codings a kept answer is sent in. */
export type KeptCoding = "deflate" | "gzip";

const ADLER_BASE = 65521;
/** CMF 0x78 (deflate, 32 KB window), FLG 0x9C (default level; the pair is a multiple of 31). */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
/** ID1 ID2, CM 8 (deflate), no flags, no modification time, no extra flags, OS 255 (unknown). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** CRC-32's polynomial, reflected. */
const CRC_POLY = 0xedb88320;
/** An empty final block with fixed codes (BFINAL 1, BTYPE 01, end-of-block). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const STORED_MAX = 0xffff;

export function adler32(data: Uint8Array, adler = 1): number {
  let a = adler & 0xffff;
  let b = (adler >>> 16) & 0xffff;
  for (let i = 0; i < data.length;) {
    // 3800 bytes at most before reducing keeps the sums inside 32 bits.
    const end = Math.min(data.length, i + 3800);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of A followed by B, from each one's and B's length (zlib's adler32_combine). */
export function adler32Combine(adler1: number, adler2: number, length2: number): number {
  const rem = length2 % ADLER_BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (adler2 & 0xffff) + ADLER_BASE - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/** a(x)·b(x) modulo CRC-32's polynomial, both reflected (zlib's multmodp). */
function multModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) {
      product ^= b;
      if ((a & (bit - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^n) modulo the polynomial, n = 0…31 (zlib's x2n_table). */
const X2N: readonly number[] = (() => {
  const table = [0x40000000];
  for (let n = 1; n < 32; n++) table.push(multModP(table[n - 1]!, table[n - 1]!));
  return table;
})();

/** The CRC-32 of A followed by B, from each one's and B's length (zlib's crc32_combine). */
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  // x^(8·length2) modulo the polynomial: the shift of A's CRC past B's bytes.
  let shift = 0x80000000;
  for (let n = length2, k = 3; n > 0; n = Math.floor(n / 2), k++)
    if (n % 2 === 1) shift = multModP(X2N[k % 32]!, shift);
  return (multModP(shift, crc1) ^ crc2) >>> 0;
}

export function deflatePart(text: Buffer): DeflatedPart {
  return {
    deflated: deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH }),
    adler: adler32(text),
    crc: crc32(text),
    length: text.length,
  };
}

/** Non-final stored blocks holding `data` (the stream is on a byte boundary after a sync flush). */
function storedBlocks(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += STORED_MAX) {
    const chunk = data.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0x00;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/**
 * The parts joined by `between` (the request's nonce) as a zlib stream (`deflate`) or a gzip member (`gzip`): one
 * deflate body, its checksum combined from the parts'.
 */
export function assembleCompressed(
  parts: readonly DeflatedPart[],
  between: Buffer,
  coding: KeptCoding,
): Buffer<ArrayBuffer> {
  const joint = storedBlocks(between);
  const gzip = coding === "gzip";
  const jointSum = gzip ? crc32(between) : adler32(between);
  const combine = gzip ? crc32Combine : adler32Combine;
  const pieces: Buffer[] = [gzip ? GZIP_HEADER : ZLIB_HEADER];
  let sum = gzip ? 0 : 1;
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0 && between.length > 0) {
      pieces.push(...joint);
      sum = combine(sum, jointSum, between.length);
      length += between.length;
    }
    pieces.push(part.deflated);
    sum = combine(sum, gzip ? part.crc : part.adler, part.length);
    length += part.length;
  });
  const trailer = Buffer.alloc(gzip ? 8 : 4);
  if (gzip) {
    trailer.writeUInt32LE(sum >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
  } else {
    trailer.writeUInt32BE(sum >>> 0);
  }
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
