// The version check of a guarded write (docs/decisions/015-row-versions.md): a write names the version it read, and
// the UPDATE carries `version = ?` in its WHERE, in the write's transaction; no row updated means someone else
// wrote first. The version itself moves by a row trigger on every UPDATE (migration 20261128010000_row_versions).
import { staleFormMessage, type VersionedEntity, type VersionStamp } from "~/domain/admin/row-version";
import type { Refusal, Writer } from "./outcome.server";

/** The columns a version stamp reads. */
export const STAMP = { version: true, updatedAt: true, updatedBy: true } as const;

/** The WHERE part of a guarded write: the version the writer read, or nothing for an unguarded one. */
export function versionCondition(writer: Writer | undefined): { version?: number } {
  return typeof writer?.version === "number" ? { version: writer.version } : {};
}

/** Whether the stored stamp is past the version the writer read. */
export function isBehind(writer: Writer | undefined, current: { version: number }): boolean {
  return typeof writer?.version === "number" && writer.version !== current.version;
}

/** The refusal of a write that met a newer version; its message is the form's (routes of the API say 412's own). */
export function staleRefusal(entity: VersionedEntity, current: VersionStamp): Extract<Refusal, { reason: "stale" }> {
  const stamp = { version: current.version, updatedAt: current.updatedAt, updatedBy: current.updatedBy };
  return { ok: false, reason: "stale", entity, message: staleFormMessage(entity, stamp), current: stamp };
}

/**
 * Writes the one row of a settings table: `update` (guarded by a version or not) changes it; when it changed none,
 * the row's stamp says someone else wrote first (answered), or there is no row yet and `create` makes it.
 */
export async function guardedUpsert<S>(
  update: () => Promise<{ count: number }>,
  stamp: () => Promise<S | null>,
  create: () => Promise<unknown>,
): Promise<S | null> {
  if ((await update()).count > 0) return null;
  const now = await stamp();
  if (now) return now;
  await create();
  return null;
}
