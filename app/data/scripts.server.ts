// The admin-authored page scripts (ScriptSettings row) for the running environment.
import {
  scriptsForEnvironment,
  type PageScripts,
  type ScriptSettingsFields,
  type ScriptsInput,
} from "~/domain/scripts";
import { env } from "~/env.server";
import { db, type Tx } from "./db.server";
import type { Outcome } from "./outcome.server";
import { cachedReference } from "./reference-cache.server";

export async function getPageScripts(): Promise<PageScripts> {
  const row = await cachedReference("scriptSettings", async () =>
    (await db()).scriptSettings.findUnique({ where: { id: 1 } }),
  );
  return scriptsForEnvironment(row, env().NODE_ENV);
}

/** The stored script boxes as the Settings tab shows them ('' for a row not yet written). */
export async function getScriptSettings(): Promise<ScriptSettingsFields> {
  const row = await (await db()).scriptSettings.findUnique({ where: { id: 1 } });
  return {
    headScripts: row?.headScripts ?? "",
    bodyScripts: row?.bodyScripts ?? "",
    prodHeadScripts: row?.prodHeadScripts ?? "",
    prodBodyScripts: row?.prodBodyScripts ?? "",
    devHeadScripts: row?.devHeadScripts ?? "",
    devBodyScripts: row?.devBodyScripts ?? "",
  };
}

/**
 * Save Scripts (admin §3 "Script settings"): the four production and development boxes, one statement; the
 * general boxes (the SEO tab's) stay. The table's trigger moves the reference version, so the next page has them.
 */
export async function saveScripts(input: ScriptsInput, tx?: Tx): Promise<Outcome<PageScripts>> {
  const prisma = tx ?? (await db());
  const row = await prisma.scriptSettings.upsert({ where: { id: 1 }, create: { id: 1, ...input }, update: input });
  return { ok: true, value: scriptsForEnvironment(row, env().NODE_ENV) };
}
