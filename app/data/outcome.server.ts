// What an admin mutation answers: the written row, or why it was refused, in words the admin pages
// (field errors, toasts) and the admin API (404, 409) can both pass on.

export type Refusal =
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; field: string; message: string }
  | { ok: false; reason: "in-use"; message: string; count: number }
  | { ok: false; reason: "refused"; field?: string; message: string };

export type Outcome<T> = { ok: true; value: T } | Refusal;

/** Prisma refused a write because a unique key is taken (another request won the race). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** Prisma refused a write because a foreign key still points at the row. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2003";
}
