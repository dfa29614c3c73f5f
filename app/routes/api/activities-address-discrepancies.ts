// GET /api/activities/address-discrepancies — activities whose address differs from (or lacks) their maps URL's
// (admin §3 'Address discrepancy item'): an array of { id, title, address, validation: { mapsAddress } }, at most
// 1,000, with the full count in X-Total-Count; an empty array means nothing to fix.
import type { Route } from "./+types/activities-address-discrepancies";
import { requireAdminApi } from "~/auth/session.server";
import { addressDiscrepancies } from "~/data/validations.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const { items, total } = await addressDiscrepancies({ take: 1000 });
  return Response.json(items, { headers: { "Cache-Control": PRIVATE_NO_STORE, "X-Total-Count": String(total) } });
}
