// Case-insensitive substring matching (ILIKE) with the visitor's text taken literally: '%', '_' and '\' are
// LIKE's own wildcards and escape, and Prisma's `contains` passes them through, so '%' would match everything.

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A raw-SQL ILIKE pattern: contains `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A Prisma string filter: contains `text`, any case. */
export function insensitiveContains(text: string) {
  return { contains: escapeLike(text), mode: "insensitive" as const };
}
