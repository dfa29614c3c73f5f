// What a request log may say about a URL: never a one-time login token or an OAuth code, which would let anyone who
// reads the logs sign in, nor where a visitor is (the home page's coordinates). Redacted by route, as the router matches it (any letter case, percent-encoded letters,
// repeated or trailing slashes), not by one spelling of the path: '/ADMIN/login/link/<token>' signs in too.
import { matchPath } from "react-router";

/** The route whose last segment is a one-time login token (app/routes.ts). */
export const LOGIN_LINK_ROUTE = "/admin/login/link/:token";
/** The sign-in flow's routes, whose query carries the OAuth authorization code and state. */
const OAUTH_ROUTE = "/api/auth/*";

const REDACTED = "[redacted]";

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path as the router reads it: segments decoded, empty ones (repeated or trailing slashes) dropped. */
function routerSegments(path: string): { raw: string[]; indexes: number[]; path: string } {
  const raw = path.split("/");
  const indexes = raw.flatMap((s, i) => (s === "" ? [] : [i]));
  return { raw, indexes, path: `/${indexes.map((i) => decoded(raw[i]!)).join("/")}` };
}

const matches = (pattern: string, path: string) => matchPath({ path: pattern, caseSensitive: false, end: true }, path);

/** Query parameters that say where a visitor is (the home page's `?lat=&lng=`): their values are not logged. */
const LOCATION_PARAMS = new Set(["lat", "lng"]);

function withoutLocation(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const name = decoded(pair.split("=", 1)[0]!.replace(/\+/g, " ")).toLowerCase();
      return LOCATION_PARAMS.has(name) ? `${pair.split("=", 1)[0]}=${REDACTED}` : pair;
    })
    .join("&");
}

export function loggedUrl(url: string): string {
  const [path = "", query] = url.split(/\?(.*)/s, 2);
  const segments = routerSegments(path);
  let safePath = path;
  if (matches(LOGIN_LINK_ROUTE, segments.path) || matches(`${LOGIN_LINK_ROUTE}/*`, segments.path)) {
    // Everything from the token's segment on.
    const token = segments.indexes[LOGIN_LINK_ROUTE.split("/").length - 2]!;
    safePath = [...segments.raw.slice(0, token), REDACTED].join("/");
  }
  if (query === undefined) return safePath;
  if (matches(OAUTH_ROUTE, segments.path)) return `${safePath}?${REDACTED}`;
  return `${safePath}?${withoutLocation(query)}`;
}
