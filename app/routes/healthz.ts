// GET /healthz — for load balancers: 200 when this process is up and its database answers, 503 otherwise.
// Nothing about the site in the body, never cached, and left out of the request log (server/app.ts).
import { databaseAnswers } from "~/data/db.server";

const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

export async function loader() {
  return (await databaseAnswers())
    ? new Response("ok\n", { status: 200, headers })
    : new Response("database unavailable\n", { status: 503, headers });
}
