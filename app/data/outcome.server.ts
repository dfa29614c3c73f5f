// What an admin mutation answers: the written row, or why it was refused, in words the admin pages
// (field errors, toasts) and the admin API (404, 409, 412) can both pass on.
import type { VersionedEntity, VersionStamp } from "~/domain/admin/row-version";

export type Refusal =
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; field: string; message: string }
  | { ok: false; reason: "in-use"; message: string; count: number }
  | { ok: false; reason: "refused"; field?: string; message: string }
  /** The row moved past the version the writer read (domain/admin/row-version.ts); nothing was written. */
  | { ok: false; reason: "stale"; entity: VersionedEntity; message: string; current: VersionStamp };

export type Outcome<T> = { ok: true; value: T } | Refusal;

/**
 * Whether a write failed with Prisma's `prismaCode`, or with the PostgreSQL error `sqlState` it stands for:
 * through the PGlite driver adapter some writes fail with the adapter's own error, which carries only the
 * database's code in its `cause`.
 */
function failedWith(error: unknown, prismaCode: string, sqlState: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, cause } = error as { code?: string; cause?: { code?: string; originalCode?: string } };
  return code === prismaCode || cause?.code === sqlState || cause?.originalCode === sqlState;
}

/** Prisma refused a write because a unique key is taken (another request won the race). */
export function isUniqueViolation(error: unknown): boolean {
  return failedWith(error, "P2002", "23505");
}

/** Prisma refused a write because a foreign key still points at the row. */
export function isForeignKeyViolation(error: unknown): boolean {
  return failedWith(error, "P2003", "23503");
}

/**
 * Who writes, for a row's updatedBy (an administrator's e-mail, or a job's name), and, for a guarded write, the
 * version the writer read: the write then happens only `WHERE version = ?` (docs/decisions/015-row-versions.md).
 */
export type Writer = { by: string; version?: number | null };
