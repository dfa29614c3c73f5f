// A kept page compressed once, sent with a new CSP nonce each time (issue #15, app/http/page-cache.server.ts).
//
// The page is cut at its nonce; each part is compressed on its own as raw deflate ending in a sync flush (so it
// ends on a byte boundary and can be followed by any block). An answer is the zlib stream (RFC 1950, what HTTP's
// `Content-Encoding: deflate` names) of: the header, the parts with the request's nonce between them as stored
// blocks, an empty final block, and the Adler-32 of the whole text, combined from each part's (kept) and the
// nonce's. Nothing is compressed per request, and memory holds the compressed parts only.
import { constants, deflateRawSync } from "node:zlib";

export interface DeflatedPart {
  /** Raw deflate, ending in a sync flush. */
  deflated: Buffer;
  adler: number;
  length: number;
}

const ADLER_BASE = 65521;
/** CMF 0x78 (deflate, 32 KB window), FLG 0x9C (default level; the pair is a multiple of 31). */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
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

export function deflatePart(text: Buffer): DeflatedPart {
  return {
    deflated: deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH }),
    adler: adler32(text),
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

/** The zlib stream of the parts joined by `between` (the request's nonce). */
export function assembleDeflate(parts: readonly DeflatedPart[], between: Buffer): Buffer<ArrayBuffer> {
  const joint = storedBlocks(between);
  const jointAdler = adler32(between);
  const pieces: Buffer[] = [ZLIB_HEADER];
  let adler = 1;
  parts.forEach((part, i) => {
    if (i > 0 && between.length > 0) {
      pieces.push(...joint);
      adler = adler32Combine(adler, jointAdler, between.length);
    }
    pieces.push(part.deflated);
    adler = adler32Combine(adler, part.adler, part.length);
  });
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler >>> 0);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
