// What a request log may say about a URL: never a one-time login token or an OAuth code, which would let
// anyone who reads the logs sign in.

const LOGIN_LINK = /^(\/admin\/login\/link\/)[^/?#]+/;

export function loggedUrl(url: string): string {
  const [path = "", query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(LOGIN_LINK, "$1[redacted]");
  if (query === undefined) return safePath;
  // The OAuth callback's query carries the authorization code and state.
  if (safePath.startsWith("/api/auth/")) return `${safePath}?[redacted]`;
  return `${safePath}?${query}`;
}
