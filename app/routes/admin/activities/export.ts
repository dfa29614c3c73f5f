// GET /admin/activities/export.csv — Export CSV (admin §2 'Activities tab', issue #12): every activity with every
// importable column, streamed a page of rows at a time as they are read (memory holds one page whatever the table's
// size), RFC 4180 quoting, UTF-8 with a byte order mark, a dated file name. Refused (409) when there are no
// activities, as the button is disabled then (admin §5, §9).
import type { Route } from "./+types/export";
import { requireAdmin } from "~/auth/session.server";
import { activityPages, countAllActivities } from "~/data/activities.server";
import { CSV_EXPORT_START, csvRow, csvText, exportFileName, NO_ACTIVITIES_TO_EXPORT } from "~/domain/activity-csv";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  if ((await countAllActivities()) === 0) {
    return new Response(NO_ACTIVITIES_TO_EXPORT, {
      status: 409,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const pages = activityPages();
  const encoder = new TextEncoder();
  // pull() reads the next page only when the client has taken the last one, so a slow download holds one page.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_EXPORT_START));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvText(next.value.map(csvRow))));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(new Date())}"`,
      "Cache-Control": "no-store",
    },
  });
}
