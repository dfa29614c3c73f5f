// The admin-authored page scripts (ScriptSettings row) for the running environment.
import {
  scriptsForEnvironment,
  type PageScripts,
  type ScriptSettingsFields,
  type ScriptsInput,
} from "~/domain/admin/scripts";
import { env } from "~/env.server";
import { db, type Tx } from "./db.server";
import type { Outcome, Writer } from "./outcome.server";
import { guardedUpsert, STAMP, staleRefusal, versionCondition } from "./row-version.server";
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
export async function saveScripts(input: ScriptsInput, tx?: Tx, writer?: Writer): Promise<Outcome<PageScripts>> {
  const prisma = tx ?? (await db());
  const data = { ...input, updatedBy: writer?.by ?? null };
  // One statement: with the writer's version, it writes only at that version (else the stale refusal).
  const moved = await guardedUpsert(
    () => prisma.scriptSettings.updateMany({ where: { id: 1, ...versionCondition(writer) }, data }),
    () => prisma.scriptSettings.findUnique({ where: { id: 1 }, select: STAMP }),
    () => prisma.scriptSettings.create({ data: { id: 1, ...data } }),
  );
  if (moved) return staleRefusal("scripts", moved);
  const row = await prisma.scriptSettings.findUniqueOrThrow({ where: { id: 1 } });
  return { ok: true, value: scriptsForEnvironment(row, env().NODE_ENV) };
}

/** The script row's version stamp (null before it is first written). */
export async function scriptSettingsStamp() {
  return (await db()).scriptSettings.findUnique({ where: { id: 1 }, select: STAMP });
}
