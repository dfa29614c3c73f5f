// Writes the admin's page scripts into a rendered HTML document as they are (see app/entry.server.tsx).
import type { PageScripts } from "~/domain/scripts";

const HEAD_END = "</head>";
const BODY_END = "</body>";

/**
 * Inserts `head` before the first </head> and `body` before the last </body> (or at the ends) of the document.
 * Works on the UTF-8 bytes React rendered, so the page is never decoded and encoded again.
 */
export function injectScripts(
  html: Buffer<ArrayBuffer>,
  { headScripts, bodyScripts }: PageScripts,
): Buffer<ArrayBuffer> {
  if (!headScripts && !bodyScripts) return html;
  const headAt = headScripts ? html.indexOf(HEAD_END) : -1;
  const bodyAt = bodyScripts ? html.lastIndexOf(BODY_END) : -1;
  const head = Buffer.from(headScripts);
  const body = Buffer.from(bodyScripts);
  const headPos = headAt === -1 ? 0 : headAt;
  const bodyPos = bodyAt === -1 || bodyAt < headPos ? html.length : bodyAt;
  return Buffer.concat([
    html.subarray(0, headPos),
    head,
    html.subarray(headPos, bodyPos),
    body,
    html.subarray(bodyPos),
  ]);
}
