// The Content-Security-Policy of every response (issue #11): scripts run only with the response's nonce — React
// Router's own inline scripts, the module entry, and the administrator's page scripts, which the server tags with
// it (app/inject-scripts.server.ts). 'strict-dynamic' lets a script so trusted load others (an analytics loader);
// an injected <script> without the nonce does not run. Maps draw with workers from blob: URLs and fetch tiles and
// styles from their providers over https (or from the configured map style's own origin).

/** The request header the server puts the response's nonce in for the app (any value a client sent is replaced). */
export const CSP_NONCE_HEADER = "x-things-to-do-csp-nonce";

export function contentSecurityPolicy({
  nonce,
  frameAncestors,
  formTargets = [],
  connectTargets = [],
}: {
  nonce: string;
  /** Who may frame the page: nobody, or anyone for the embed card (public-site §2 "Embed card"). */
  frameAncestors: "'none'" | "*";
  /** Origins a form may post to besides this site (sign-in with Google redirects there). */
  formTargets?: readonly string[];
  /** Origins scripts may fetch from besides this site and https ones (a map style served over http). */
  connectTargets?: readonly string[];
}): string {
  return [
    "default-src 'self'",
    // https: and 'unsafe-inline' are ignored by browsers that understand 'strict-dynamic'; older ones fall back.
    `script-src 'nonce-${nonce}' 'strict-dynamic' https: 'unsafe-inline'`,
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

/** Gives every <script> tag of administrator-written HTML the nonce (a tag that already names one keeps it). */
export function withNonce(html: string, nonce: string): string {
  if (!nonce) return html;
  return html.replace(/<script\b(?![^>]*\snonce=)/gi, (tag) => `${tag} nonce="${nonce}"`);
}
