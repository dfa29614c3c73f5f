// The page's scripts fetched after what the first paint needs (issue #15). Every public page is complete without
// JavaScript, but React Router's <Scripts> preloads its 30-odd modules (about 140 KB gzip) at high priority, so on
// a slow phone link they share the bandwidth with the stylesheet and the page's first photo, and the page paints
// only after they arrive (Lighthouse's simulated first paint of a city page: 2.8 s with them, 1.4 s without).
// Marked low priority, they load right behind: hydration comes a little later, the first paint much sooner.
// React Router offers no option for this, so the rendered document is edited, as for the admin's scripts.

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchPriority="low"');
const HEAD_END = Buffer.from("</head>");

/** Adds fetchPriority="low" to every module preload in the document's <head>, working on the rendered bytes. */
export function lowPriorityModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf(HEAD_END);
  const end = headEnd === -1 ? html.length : headEnd;
  const parts: Buffer<ArrayBuffer>[] = [];
  let copied = 0;
  for (let at = html.indexOf(PRELOAD); at !== -1 && at < end; at = html.indexOf(PRELOAD, copied)) {
    const opening = at + PRELOAD.length;
    parts.push(html.subarray(copied, opening), LOW);
    copied = opening;
  }
  if (parts.length === 0) return html;
  parts.push(html.subarray(copied));
  return Buffer.concat(parts);
}
