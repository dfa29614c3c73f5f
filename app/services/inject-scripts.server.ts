// Writes the admin's page scripts into an HTML stream as they are (see app/entry.server.tsx).
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { PageScripts } from "~/domain/scripts";

const HEAD_END = "</head>";
const BODY_END = "</body>";

/** Inserts `head` before the first </head> and `body` before </body> (or at the end) of the HTML stream. */
export function injectScripts({ headScripts, bodyScripts }: PageScripts): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let headDone = headScripts === "";
  let bodyDone = bodyScripts === "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += decoder.write(chunk);
      if (!headDone) {
        const at = pending.indexOf(HEAD_END);
        if (at === -1) return callback();
        pending = pending.slice(0, at) + headScripts + pending.slice(at);
        headDone = true;
      }
      if (!bodyDone) {
        const at = pending.indexOf(BODY_END);
        if (at !== -1) {
          pending = pending.slice(0, at) + bodyScripts + pending.slice(at);
          bodyDone = true;
        } else {
          // Keep a tail that could be the start of a split "</body>".
          const keep = BODY_END.length - 1;
          const out = pending.slice(0, Math.max(0, pending.length - keep));
          pending = pending.slice(out.length);
          return callback(null, out);
        }
      }
      const out = pending;
      pending = "";
      callback(null, out);
    },
    flush(callback) {
      let out = pending + decoder.end();
      if (!headDone) out = headScripts + out;
      if (!bodyDone) out += bodyScripts;
      callback(null, out);
    },
  });
}
