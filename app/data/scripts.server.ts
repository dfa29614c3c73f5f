// The admin-authored page scripts (ScriptSettings row) for the running environment.
import { scriptsForEnvironment, type PageScripts } from "~/domain/scripts";
import { env } from "~/env.server";
import { db } from "./db.server";
import { cachedReference } from "./reference-cache.server";

export async function getPageScripts(): Promise<PageScripts> {
  const row = await cachedReference("scriptSettings", async () =>
    (await db()).scriptSettings.findUnique({ where: { id: 1 } }),
  );
  return scriptsForEnvironment(row, env().NODE_ENV);
}
