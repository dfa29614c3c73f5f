// The page's scripts start after its first paint (issue #15). Every public page is complete without JavaScript,
// but React Router's <Scripts> preloads its 30-odd modules (about 140 KB gzip) from <head> and starts them from a
// module script at the end of <body>, so on a slow phone link they share the bandwidth with the stylesheet and the
// page's first photo, and hydrating is a long task that can come before the first paint. Lighthouse's simulated
// first paint of a city page: 2.8 s with them, 1.4 s without; its largest paint waits for every script fetched
// before it. So the rendered document is edited (React Router offers no option for this, and the admin's scripts
// are written in the same way): the preloads leave <head>, the module script becomes an inert data block, and a
// small inline script starts both once the browser has painted the page (at once in a hidden tab, which never
// paints). Hydration comes a frame later; the page is readable and its links and forms work before it.

const PRELOAD_TAG = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const HEAD_END = "</head>";
const BOOTSTRAP = '<script type="module" async="">';
/** What the module script's type becomes: an unknown type is a data block the browser neither runs nor fetches. */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-paint";

const PRELOADS_VAR = "var p=";
/** Module preloads the starter adds in one task (see starter). */
const PRELOADS_PER_TASK = 4;

/**
 * The inline script that starts the page's modules once the browser has painted: it adds the preloads back to
 * <head> and runs the data block before it as a module script (the policy lists the hash of that text too:
 * docs/decisions/022), the preloads a few at a time (docs/decisions/028). The frame callback runs just before the first paint, and a task it queues runs just after.
 */
function starter(hrefs: readonly string[]): string {
  return (
    `(function(){${PRELOADS_VAR}${JSON.stringify(hrefs)},d=document,b=d.currentScript.previousElementSibling,s=0;` +
    // Adding a module preload costs about 1 ms of the main thread (5–9 ms on a slow phone): a few per task, so that
    // the 30-odd of a page are not one long task. The module script goes first; it fetches its own imports at once.
    "function go(){if(s)return;s=1;" +
    'var m=d.createElement("script");m.type="module";m.textContent=b.textContent;b.after(m);more()}' +
    `function more(){p.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){var l=d.createElement("link");` +
    'l.rel="modulepreload";l.href=h;d.head.appendChild(l)});if(p.length)setTimeout(more,0)}' +
    'if(d.visibilityState==="hidden")go();else{d.addEventListener("visibilitychange",go);' +
    "requestAnimationFrame(function(){setTimeout(go,0)})}})()"
  );
}

/**
 * Moves React Router's module preloads and module entry behind the first paint (see above). A document without
 * them (a page rendered without scripts) is returned as it is.
 */
export function scriptsAfterFirstPaint(text: string): string {
  const bootstrapAt = text.indexOf(BOOTSTRAP);
  if (bootstrapAt === -1) return text;
  const headEnd = text.indexOf(HEAD_END);
  const head = text.slice(0, headEnd === -1 ? 0 : headEnd);
  const hrefs: string[] = [];
  const newHead = head.replace(PRELOAD_TAG, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  const scriptEnd = text.indexOf("</script>", bootstrapAt) + "</script>".length;
  return (
    newHead +
    text.slice(head.length, bootstrapAt) +
    `<script type="${DEFERRED_MODULE_TYPE}">` +
    text.slice(bootstrapAt + BOOTSTRAP.length, scriptEnd) +
    `<script>${starter(hrefs)}</script>` +
    text.slice(scriptEnd)
  );
}

/** The modules a document edited so starts after its first paint (for the benchmark's JavaScript figure). */
export function modulesAfterFirstPaint(html: string): string[] {
  const list = new RegExp(`\\(function\\(\\)\\{${PRELOADS_VAR}(\\[[^\\]]*\\])`).exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
