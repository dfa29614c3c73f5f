// The server entry: renders the whole document, then adds the admin's page scripts (admin §2 "Script
// Management"): they are HTML written by administrators, so they go into the document raw — before </head> and
// before </body> — where the browser runs them on load. React 19 skips such foreign tags in <head> and <body>
// when it hydrates. Public pages only: the root loader leaves them out of admin and sign-in pages
// (pageCarriesScripts in app/domain/admin/scripts.ts).
//
// Every loader has finished before rendering starts (no page defers data), so streaming would only split one
// ready document into many small writes; the page is rendered into one buffer and sent in one piece instead.
import { Writable } from "node:stream";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NO_PAGE_SCRIPTS, type PageScripts } from "~/domain/admin/scripts";
import { SiteFrameProvider, siteFrameOf } from "~/components/site-frame";
import { env } from "~/env.server";
import { sitePolicy } from "~/http/csp";
import { manifestUrlFor } from "~/http/public-manifest.server";
import { inlineScriptHashes } from "~/http/script-hashes";
import { scriptsAfterFirstPaint } from "~/http/script-priority";
import { injectScripts } from "~/inject-scripts.server";
import { log } from "~/logger.server";

export const streamTimeout = 5_000;

/**
 * The router context with a manifest of only the routes the request matched (each with its parents). React Router's
 * <ServerRouter> turns every route of the manifest into two route objects per render (about 120 routes: 4-5% of
 * a rendered page's CPU) and a static render reads only the matched ones: their components, error boundaries, links,
 * meta and module scripts. The browser learns the routes from a manifest file (react-router.config.ts), never
 * from the page, so the document is the same (docs/decisions/043).
 */
function matchedRoutesOnly(context: EntryContext): EntryContext {
  const { manifest } = context;
  const routes: EntryContext["manifest"]["routes"] = {};
  const ids = context.staticHandlerContext.matches.map(({ route }) => route.id);
  for (const id of ids) routes[id] = manifest.routes[id];
  // The browser's manifest: a public page's is the public site's routes alone (docs/decisions/046). The development
  // server serves its own manifest module.
  const url = env().NODE_ENV === "development" ? manifest.url : manifestUrlFor(manifest, ids);
  return { ...context, manifest: { ...manifest, routes, url } };
}

function pageScripts(context: EntryContext): PageScripts {
  const root = context.staticHandlerContext.loaderData?.root as { scripts?: PageScripts } | undefined;
  return root?.scripts ?? NO_PAGE_SCRIPTS;
}

/** Renders the document completely (waiting for every Suspense boundary) into one buffer. */
function renderDocument(context: EntryContext, url: string): Promise<{ html: Buffer<ArrayBuffer>; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        resolve({ html: Buffer.concat(chunks), failed });
        callback();
      },
    });
    const document = (
      <SiteFrameProvider value={siteFrameOf(env())}>
        <ServerRouter context={matchedRoutesOnly(context)} url={url} />
      </SiteFrameProvider>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      // Every Suspense boundary's content in place, in document order: the page is sent whole (onAllReady), and a
      // boundary React would otherwise send apart (past this many bytes) would stay hidden until a script moved it
      // in, and a page must be complete without JavaScript. (The boundaries are for hydration: route.tsx.)
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        log().error({ err: error }, "A page failed to render");
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { html, failed } = await renderDocument(routerContext, request.url);
  // The edits and the script hashes all read one text: the document's bytes as a 'binary' string (one character a
  // byte), as they look only for ASCII markup. Decoding UTF-8 and encoding the edited text again cost a city page of
  // 84 KB with 96 non-ASCII characters (★, ·) about 3 ms of CPU, against 0.2 ms this way.
  const text = injectScripts(scriptsAfterFirstPaint(html.toString("latin1")), pageScripts(routerContext), "latin1");
  const body = Buffer.from(text, "latin1");
  const settings = env();
  // The development server adds scripts of its own (Vite's client) and sends no policy.
  if (settings.NODE_ENV !== "development") {
    const hashes = inlineScriptHashes(text, "latin1");
    responseHeaders.set("Content-Security-Policy", sitePolicy(new URL(request.url).pathname, hashes, settings));
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(body.length));
  return new Response(body, {
    headers: responseHeaders,
    status: failed ? 500 : responseStatusCode,
  });
}
