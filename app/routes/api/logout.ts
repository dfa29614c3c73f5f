// GET /api/logout — ends the session and goes to / (admin §7), when the request comes from this site: a link of its
// own pages, or the address typed (auth/origin.server.ts isRequestFromThisSite). Another site's link (an <img>, a
// link in a mail) gets a small page with a Log out button instead (issue #27.13), which posts to /admin/logout, the
// header's Logout, whose origin is checked as every mutation's is.
import type { Route } from "./+types/logout";
import { isRequestFromThisSite } from "~/auth/origin.server";
import { signOut } from "~/auth/session.server";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

/** The page a request from elsewhere gets: nothing happens until the administrator presses the button. */
export const LOGOUT_CONFIRM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Log out?</title>
</head>
<body>
<main>
<h1>Log out?</h1>
<p>A page on another site sent you here to sign you out. Nothing has changed yet.</p>
<form method="post" action="/admin/logout">
<button type="submit">Log out</button>
</form>
<p><a href="/">Stay signed in and go to the home page</a></p>
</main>
</body>
</html>
`;

export async function loader({ request }: Route.LoaderArgs) {
  if (request.method === "GET" && isRequestFromThisSite(request)) return signOut(request, "/");
  return new Response(LOGOUT_CONFIRM_PAGE, {
    headers: { "Content-Type": "text/html; charset=utf-8", "X-Robots-Tag": "noindex" },
  });
}
