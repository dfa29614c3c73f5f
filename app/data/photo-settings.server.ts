// The PhotoSettings row (id 1): the hybrid photo system's switch (admin §2 'Settings tab', §4 'The hybrid photo
// system toggles between enabled and disabled'). A database without the row reads as disabled.
import { db } from "./db.server";
import type { Refusal, Writer } from "./outcome.server";
import { guardedUpsert, STAMP, staleRefusal, versionCondition } from "./row-version.server";

export async function hybridPhotosEnabled(): Promise<boolean> {
  const row = await (await db()).photoSettings.findUnique({ where: { id: 1 }, select: { hybridPhotosEnabled: true } });
  return row?.hybridPhotosEnabled ?? false;
}

/** The switch with its version stamp (version null before the row is first written). */
export async function photoSettingsState() {
  const row = await (await db()).photoSettings.findUnique({
    where: { id: 1 },
    select: { hybridPhotosEnabled: true, ...STAMP },
  });
  return { enabled: row?.hybridPhotosEnabled ?? false, stamp: row ? { version: row.version, updatedAt: row.updatedAt, updatedBy: row.updatedBy } : null };
}

/**
 * Turns hybrid photos on or off. With the writer's version (the Settings tab's switch and its confirmation carry
 * the version they were shown at), only if the row is still at it: else the stale refusal, nothing written.
 */
export async function setHybridPhotosEnabled(
  enabled: boolean,
  writer?: Writer,
): Promise<{ ok: true; value: null } | Extract<Refusal, { reason: "stale" }>> {
  const prisma = await db();
  const data = { hybridPhotosEnabled: enabled, updatedBy: writer?.by ?? null };
  const moved = await guardedUpsert(
    () => prisma.photoSettings.updateMany({ where: { id: 1, ...versionCondition(writer) }, data }),
    () => prisma.photoSettings.findUnique({ where: { id: 1 }, select: STAMP }),
    () => prisma.photoSettings.create({ data: { id: 1, ...data } }),
  );
  return moved ? staleRefusal("photoSettings", moved) : { ok: true, value: null };
}
