// The Content-Security-Policy (issues #11, #25; docs/decisions/022-script-hashes-not-nonces.md): a page's scripts run
// when their SHA-256 hash is listed (app/http/script-hashes.ts), and 'strict-dynamic' lets them load others. Maps
// draw with workers from blob: URLs and fetch tiles and styles from their providers over https (or from the
// configured map style's own origin).

/** What the policy needs of the site's settings: where sign-in posts to and what the browser fetches from. */
export interface PolicySettings {
  GOOGLE_AUTH_URL: string;
  MAP_STYLE_URL: string;
  IP_GEOLOCATION_URL: string;
}

/** Whether a path is the embed card's, the one page other sites may frame (public-site §2 "Embed card"). */
export function isEmbedPath(pathname: string): boolean {
  return pathname === "/embed" || pathname.startsWith("/embed/");
}

export function contentSecurityPolicy({
  scriptHashes,
  frameAncestors,
  formTargets = [],
  connectTargets = [],
}: {
  /** The `'sha256-…'` sources of the page's inline scripts; none for an answer that runs no script. */
  scriptHashes: readonly string[];
  /** Who may frame the page: nobody, or anyone for the embed card. */
  frameAncestors: "'none'" | "*";
  /** Origins a form may post to besides this site (sign-in with Google redirects there). */
  formTargets?: readonly string[];
  /** Origins scripts may fetch from besides this site and https ones (a map style served over http). */
  connectTargets?: readonly string[];
}): string {
  return [
    "default-src 'self'",
    // https: and 'unsafe-inline' are ignored by browsers that understand hashes and 'strict-dynamic'; older ones
    // fall back to them.
    `script-src ${[...scriptHashes, "'strict-dynamic'", "https:", "'unsafe-inline'"].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    `connect-src ${["'self'", "https:", ...connectTargets].join(" ")}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...formTargets].join(" ")}`,
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/**
 * The policy of this site's answer for `pathname`: its scripts' hashes, framing only for the embed card, sign-in's
 * form target, and the map style's and the IP geolocation service's origins (fetched by the visitor's browser).
 */
export function sitePolicy(pathname: string, scriptHashes: readonly string[], settings: PolicySettings): string {
  return contentSecurityPolicy({
    scriptHashes,
    frameAncestors: isEmbedPath(pathname) ? "*" : "'none'",
    formTargets: [new URL(settings.GOOGLE_AUTH_URL).origin],
    connectTargets: [new URL(settings.MAP_STYLE_URL).origin, new URL(settings.IP_GEOLOCATION_URL).origin],
  });
}
