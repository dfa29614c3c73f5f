// '{prefix}/{cityId}/things-to-do/{activitySlug}': the activity detail page by slug.
import type { Route } from "./+types/activity-detail";
import { detailHeaders, loadActivityDetailBySlug } from "./activity-detail.server";
import { ActivityDetailPage, activityDetailMeta } from "./activity-detail-view";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadActivityDetailBySlug(request, params.cityId, params.activitySlug);
}

export const headers = detailHeaders;
export const meta = activityDetailMeta;

export default function ActivityDetailRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityDetailPage data={loaderData} />;
}
