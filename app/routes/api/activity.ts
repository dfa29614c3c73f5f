// GET /api/activities/{id} — one activity in the documented shape; failure gives 'Activity not found'.
import { z } from "zod";
import type { Route } from "./+types/activity";
import { getActivityRow, toPublicActivity } from "~/data/activities.server";
import { PUBLIC_API_CACHE } from "~/domain/cache";

const idParam = z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().positive().max(2_147_483_647));

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam.safeParse(params.id);
  if (!id.success) return Response.json({ message: "Invalid activity id" }, { status: 400 });
  const row = await getActivityRow(id.data);
  if (!row) return Response.json({ message: "Activity not found" }, { status: 404 });
  return Response.json(toPublicActivity(row), { headers: { "Cache-Control": PUBLIC_API_CACHE } });
}
