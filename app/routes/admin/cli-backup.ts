// POST /admin/cli/backup: a consistent copy of the embedded database for `npm run db:backup` (server/backup.ts), taken
// by the server that owns it; the same bridge secret as the CLI's login links (auth/cli-link.server.ts).
import { data } from "react-router";
import type { Route } from "./+types/cli-backup";
import { isCliSecret } from "~/auth/cli-link.server";
import { backupArchive } from "~/data/db.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";

export async function action({ request }: Route.ActionArgs) {
  const secret = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? null;
  if (!isCliSecret(secret)) return data({ message: "Unauthorized" }, { status: 401 });
  const archive = await backupArchive();
  if (!archive) {
    return data({ message: "This server runs on PostgreSQL: back it up with pg_dump" }, { status: 409 });
  }
  return new Response(archive, {
    headers: { "Content-Type": "application/gzip", "Cache-Control": PRIVATE_NO_STORE },
  });
}
