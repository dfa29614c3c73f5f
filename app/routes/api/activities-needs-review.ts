// GET /api/activities/needs-review — the review list (admin §3: entries of an activity and its validation record),
// filtered and paged by the tab's parameters: q, issue, min, max, size (10, 20, 50, 100), page.
import type { Route } from "./+types/activities-needs-review";
import { requireAdminApi } from "~/auth/session.server";
import { needsReviewList } from "~/data/validations.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { parseReviewList } from "~/domain/data-quality/review-list";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const { entries, total, page } = await needsReviewList(parseReviewList(new URL(request.url).searchParams));
  return Response.json(entries, {
    headers: { "Cache-Control": PRIVATE_NO_STORE, "X-Total-Count": String(total), "X-Page": String(page) },
  });
}
