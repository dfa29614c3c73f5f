// POST /api/activities/update-coordinates-from-maps — { dryRun } → { message, results } (admin §3 'Coordinate sync
// result', §7): a preview changes nothing; otherwise each activity moves to its Google Maps URL's point.
import { z } from "zod";
import type { Route } from "./+types/activities-update-coordinates";
import { requireAdminApi } from "~/auth/session.server";
import { syncMessage } from "~/domain/data-quality/coordinate-sync";
import { syncCoordinatesFromMaps } from "~/workflows/coordinate-sync.server";
import { allowMethods, writeFromJson } from "./responses.server";

export const middleware = allowMethods("POST");

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  return writeFromJson(
    request,
    z.object({ dryRun: z.boolean().default(true) }),
    async ({ dryRun }) => {
      const results = await syncCoordinatesFromMaps({ dryRun });
      return { ok: true, value: { dryRun, message: syncMessage(dryRun, results), results } };
    },
    { notFound: "Activity not found." },
  );
}
