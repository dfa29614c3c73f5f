// Queries of the Tag table (admin Tags tab and /api/tags).
import type { Tag } from "~/generated/prisma/client";
import { TAG_MESSAGES, type TagInput } from "~/domain/tag-form";
import { db } from "./db.server";
import { isUniqueViolation, type Outcome, type Refusal } from "./outcome.server";

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
type Tx = Parameters<Parameters<Awaited<ReturnType<typeof db>>["$transaction"]>[0]>[0];
async function nameInUse(tx: Tx, name: string, exceptId?: number) {
  const other = await tx.tag.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  return other !== null;
}

export async function createTag(input: TagInput): Promise<Outcome<Tag>> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx) => {
      if (await nameInUse(tx, input.name)) return nameTaken;
      return { ok: true as const, value: await tx.tag.create({ data: input }) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken;
    throw error;
  }
}

export async function updateTag(id: number, input: TagInput): Promise<Outcome<Tag>> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx) => {
      if (!(await tx.tag.findUnique({ where: { id }, select: { id: true } }))) return { ok: false, reason: "not-found" } as const;
      if (await nameInUse(tx, input.name, id)) return nameTaken;
      return { ok: true as const, value: await tx.tag.update({ where: { id }, data: input }) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken;
    throw error;
  }
}

/** Deletes a tag; the relation's cascade takes it off every activity that had it. */
export async function deleteTag(id: number): Promise<Outcome<Tag & { activityCount: number }>> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const tag = await tx.tag.findUnique({ where: { id }, include: { _count: { select: { activities: true } } } });
    if (!tag) return { ok: false, reason: "not-found" } as const;
    await tx.tag.delete({ where: { id } });
    const { _count, ...rest } = tag;
    return { ok: true as const, value: { ...rest, activityCount: _count.activities } };
  });
}

// --- Public reads: /api/tags, the tag filters and the city hub ---

export async function listTags() {
  const prisma = await db();
  return prisma.tag.findMany({
    select: { id: true, name: true, color: true, icon: true, description: true },
    orderBy: { id: "asc" },
  });
}

export async function countActivitiesWithTag(cityId: string, tagName: string) {
  const prisma = await db();
  return prisma.activity.count({ where: { cityId, tags: { some: { tag: { name: tagName } } } } });
}
