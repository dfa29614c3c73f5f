// /admin — the dashboard opens on its first tab.
import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { ADMIN_ACTIVITIES_PATH } from "~/domain/activities/admin-activity-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect(ADMIN_ACTIVITIES_PATH);
}

export default function AdminHome() {
  return null;
}
