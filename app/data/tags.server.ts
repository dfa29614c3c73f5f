// Queries of the Tag table (admin Tags tab and /api/tags).
import type { Tag } from "~/generated/prisma/client";
import { formValuesOf } from "~/domain/admin/row-version";
import { TAG_MESSAGES, type TagInput } from "~/domain/taxonomy/tag-form";
import { db, type Tx } from "./db.server";
import { recordEntry, trashRow } from "./history.server";
import { changedSince, changedSinceMessage, diffColumns, revertValues, type Changes, type HistoryAction } from "~/domain/admin/history";
import { cachedReference } from "./reference-cache.server";
import { isUniqueViolation, type Outcome, type Refusal, type Writer } from "./outcome.server";
import { isBehind, STAMP, staleRefusal, versionCondition } from "./row-version.server";

const nameTaken: Refusal = { ok: false, reason: "conflict", field: "name", message: TAG_MESSAGES.nameTaken };

/** Every tag with the number of activities carrying it, by name. */
export async function listTagsWithActivityCounts() {
  const prisma = await db();
  const tags = await prisma.tag.findMany({ orderBy: { name: "asc" }, include: { _count: { select: { activities: true } } } });
  return tags.map(({ _count, ...tag }) => ({ ...tag, activityCount: _count.activities }));
}

export async function getTagWithActivityCount(id: number) {
  const prisma = await db();
  const tag = await prisma.tag.findUnique({ where: { id }, include: { _count: { select: { activities: true } } } });
  if (!tag) return null;
  const { _count, ...rest } = tag;
  return { ...rest, activityCount: _count.activities };
}

// Names are unique regardless of case: "music" next to "Music" would be two filters for one idea.
async function nameInUse(tx: Tx, name: string, exceptId?: number) {
  const other = await tx.tag.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  return other !== null;
}

export async function createTag(input: TagInput, writer?: Writer): Promise<Outcome<Tag>> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx) => {
      if (await nameInUse(tx, input.name)) return nameTaken;
      const tag = await tx.tag.create({ data: { ...input, updatedBy: writer?.by ?? null } });
      await recordTag(tx, "create", null, tag);
      return { ok: true as const, value: tag };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken;
    throw error;
  }
}

/** Updates a tag; with the writer's version, only if the row is still at it (else the stale refusal). */
export async function updateTag(id: number, input: TagInput, writer?: Writer): Promise<Outcome<Tag>> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx): Promise<Outcome<Tag>> => {
      const before = await tx.tag.findUnique({ where: { id } });
      if (!before) return { ok: false, reason: "not-found" } as const;
      if (isBehind(writer, before)) return staleRefusal("tag", before);
      if (await nameInUse(tx, input.name, id)) return nameTaken;
      const { count } = await tx.tag.updateMany({
        where: { id, ...versionCondition(writer) },
        data: { ...input, updatedBy: writer?.by ?? null },
      });
      if (count === 0) return staleTagOrGone(tx, id);
      const tag = await tx.tag.findUniqueOrThrow({ where: { id } });
      await recordTag(tx, "update", before, tag);
      return { ok: true as const, value: tag };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken;
    throw error;
  }
}

async function staleTagOrGone(tx: Tx, id: number): Promise<Refusal> {
  const now = await tx.tag.findUnique({ where: { id }, select: STAMP });
  return now ? staleRefusal("tag", now) : { ok: false, reason: "not-found" };
}

/** A tag as its edit form shows it, with its version (null when there is no such tag). */
export async function tagFormState(id: number) {
  const tag = await getTagWithActivityCount(id);
  return tag && { tag, version: tag.version, values: formValuesOf(tag, ["name", "color", "icon", "description"]) };
}

/** A tag's version stamp (the ETag of GET /api/tags/{id}, the edit form's opening version). */
export async function tagStamp(id: number) {
  return (await db()).tag.findUnique({ where: { id }, select: STAMP });
}

/**
 * Deletes a tag; the relation's cascade takes it off every activity that had it. With the writer's version (DELETE
 * with If-Match), only if the row is still at it.
 */
export async function deleteTag(id: number, writer?: Writer): Promise<Outcome<Tag & { activityCount: number }>> {
  const prisma = await db();
  return prisma.$transaction(async (tx): Promise<Outcome<Tag & { activityCount: number }>> => {
    const tag = await tx.tag.findUnique({ where: { id }, include: { _count: { select: { activities: true } } } });
    if (!tag) return { ok: false, reason: "not-found" } as const;
    if (isBehind(writer, tag)) return staleRefusal("tag", tag);
    const links = await tx.activityTag.findMany({ where: { tagId: id }, select: { activityId: true } });
    const { count } = await tx.tag.deleteMany({ where: { id, ...versionCondition(writer) } });
    if (count === 0) return staleTagOrGone(tx, id);
    const { _count, ...rest } = tag;
    const entryId = await recordTag(tx, "delete", rest, null);
    const activityIds = links.map((l) => l.activityId);
    await trashRow(tx, { entity: "tag", entityId: id, label: tag.name, data: { tag: rest, activityIds }, entryId });
    return { ok: true as const, value: { ...rest, activityCount: _count.activities } };
  });
}

async function recordTag(tx: Tx, action: HistoryAction, before: Tag | null, after: Tag | null) {
  const row = (after ?? before)!;
  return recordEntry(tx, { entity: "tag", entityId: row.id, action, label: row.name, changes: diffColumns(before, after) });
}

/** Undoes an edit of a tag (its old values back, a 'revert' entry); refused when it changed again since. */
export async function revertTagChange(id: number, changes: Changes): Promise<Outcome<Tag>> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx) => {
      const current = await tx.tag.findUnique({ where: { id } });
      if (!current) return { ok: false, reason: "not-found" } as const;
      const since = changedSince(changes, current);
      if (since.length > 0) return { ok: false, reason: "refused", message: changedSinceMessage(current.name, since) } as const;
      const data = revertValues(changes) as Partial<TagInput>;
      if (data.name !== undefined && (await nameInUse(tx, data.name, id))) return nameTaken;
      const tag = await tx.tag.update({ where: { id }, data });
      await recordTag(tx, "revert", current, tag);
      return { ok: true as const, value: tag };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken;
    throw error;
  }
}

/** What the trash keeps of a tag: the tag and the activities that had it. */
export type TrashedTag = { tag: Tag; activityIds: number[] };

/** Puts a trashed tag back on the activities that had it and still exist; refused when its name was taken. */
export async function restoreTagRow(tx: Tx, data: TrashedTag): Promise<Outcome<Tag>> {
  if (await nameInUse(tx, data.tag.name)) return nameTaken;
  const tag = await tx.tag.create({ data: data.tag });
  const still = await tx.activity.findMany({ where: { id: { in: data.activityIds } }, select: { id: true } });
  await tx.activityTag.createMany({ data: still.map((a) => ({ activityId: a.id, tagId: tag.id })), skipDuplicates: true });
  await recordTag(tx, "restore", null, tag);
  return { ok: true, value: tag };
}

// --- Public reads: /api/tags, the tag filters, the city hub, the tags of a detail page and an embed card ---

const publicTag = { id: true, name: true, color: true, icon: true, description: true } as const;

/** Every tag by name, kept in memory until the table changes. */
export function listTagsByName() {
  return cachedReference("tags", async () =>
    (await db()).tag.findMany({ select: publicTag, orderBy: { name: "asc" } }),
  );
}

/** GET /api/tags: in the order they were made. */
export async function listTags() {
  return [...(await listTagsByName())].sort((a, b) => a.id - b.id);
}

/** The tags with these names, with their colour and icon, in the order given (an unknown name shows gray). */
export async function getTagsByName(names: readonly string[]) {
  if (names.length === 0) return [];
  const byName = new Map((await listTagsByName()).map((t) => [t.name, t]));
  return names.map((name) => byName.get(name) ?? { id: 0, name, color: "gray", icon: "", description: "" });
}

export async function countActivitiesWithTag(cityId: string, tagName: string) {
  const prisma = await db();
  return prisma.activity.count({ where: { cityId, tags: { some: { tag: { name: tagName } } } } });
}
