// Calling a route module's loader, action or middleware in the test process with the arguments React Router
// passes it, typed so that the compiler checks the call against the route's own Route.LoaderArgs (or ActionArgs,
// MiddlewareFunction): a misspelt or missing param is a type error, not a test that passes for the wrong reason.
import { RouterContextProvider } from "react-router";

/** What React Router passes a loader, action or middleware on the server (future.v8_middleware is on). */
export interface RouteArgs<Params> {
  request: Request;
  url: URL;
  params: Params;
  pattern: string;
  context: Readonly<RouterContextProvider>;
}

/** The params of a call: optional where the route requires none. */
export type ParamsArg<Params> = Partial<Params> extends Params ? [params?: Params] : [params: Params];

/** The arguments for one request to `url`, an absolute URL such as "http://localhost/api/activities?limit=2". */
export function routeArgs<Params>(
  url: string,
  params: Params,
  init: RequestInit & { pattern?: string } = {},
): RouteArgs<Params> {
  const { pattern = new URL(url).pathname, ...requestInit } = init;
  return {
    request: new Request(url, requestInit),
    url: new URL(url),
    params,
    pattern,
    context: new RouterContextProvider(),
  };
}

/** routeArgs for requests that carry a cookie, e.g. an administrator's session from signedInAdminCookie. */
export function routeArgsWithCookie(cookie: () => string) {
  return <Params>(url: string, params: Params, init: RequestInit & { pattern?: string } = {}): RouteArgs<Params> => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", cookie());
    return routeArgs(url, params, { ...init, headers });
  };
}
