// '/activity/{id}': the activity detail page by id; '/activity/{title}' redirects to the canonical page.
import type { Route } from "./+types/activity-by-id";
import { detailHeaders, loadActivityDetailByIdParam } from "./activity-detail.server";
import { ActivityDetailPage, activityDetailMeta } from "./activity-detail-view";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadActivityDetailByIdParam(request, params.id);
}

export const headers = detailHeaders;
export const meta = activityDetailMeta;

export default function ActivityByIdRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityDetailPage data={loaderData} />;
}
