// GET /admin/activities/export.csv — Export CSV (admin §2 'Activities tab', issue #12): every activity with every
// importable column, streamed a page of rows at a time as they are read (memory holds one page whatever the table's
// size), RFC 4180 quoting, UTF-8 with a byte order mark, a dated file name. Refused (409) when there are no
// activities, as the button is disabled then (admin §5, §9).
import type { Route } from "./+types/export";
import { requireAdmin } from "~/auth/session.server";
import { countAllActivities } from "~/data/activities/admin-list.server";
import { activitiesCsvStream } from "~/data/activities/csv.server";
import { exportFileName, NO_ACTIVITIES_TO_EXPORT } from "~/domain/activities/activity-csv";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  if ((await countAllActivities()) === 0) {
    return new Response(NO_ACTIVITIES_TO_EXPORT, {
      status: 409,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const body = activitiesCsvStream();
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(new Date())}"`,
      "Cache-Control": "no-store",
    },
  });
}
