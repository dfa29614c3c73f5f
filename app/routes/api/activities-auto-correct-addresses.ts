// POST /api/activities/auto-correct-addresses — { activityIds } → { correctedCount, skippedCount } (admin §3
// 'Address correction result'): each listed discrepancy takes its Google Maps URL's address, in one transaction.
import type { Route } from "./+types/activities-auto-correct-addresses";
import { requireAdminApi } from "~/auth/session.server";
import { autoCorrectAddresses } from "~/data/validations.server";
import { allowMethods, writeForActivityIds } from "./responses.server";

export const middleware = allowMethods("POST");

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  return writeForActivityIds(request, autoCorrectAddresses);
}
