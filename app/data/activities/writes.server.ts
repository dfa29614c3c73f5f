// Writes of one activity: create, edit, delete, restore from the trash, undo an edit, selective update, and the
// single-column writes of data quality and coordinate sync. Each records its history entry in the same transaction.
import { Prisma, Prisma as Sql } from "~/generated/prisma/client";
import type { ActivityInput, SelectiveColumn, SelectiveValues } from "~/domain/activities/activity-form";
import { activityWrite } from "~/domain/activities/activity-record";
import { changedSince, changedSinceMessage, diffColumns, revertValues, type Changes } from "~/domain/admin/history";
import { titleSlug } from "~/domain/taxonomy/slug";
import { bulkTransaction, db, type Tx } from "../db.server";
import { recordEntry } from "../history.server";
import type { RawSql } from "../migrate.server";
import { isUniqueViolation, type Outcome, type Refusal, type Writer } from "../outcome.server";
import { isBehind, STAMP, staleRefusal, versionCondition } from "../row-version.server";
import { historyValues, isRevertibleActivityColumn, run, updateActivityColumns } from "./batch-writes.server";
import {
  recordActivity,
  trashActivity,
  trashInclude,
  withoutTrashParts,
  type TrashedActivity,
} from "./history.server";
import { activityInclude, type ActivityRow } from "./rows.server";

function duplicateTitle(title: string): Refusal {
  return {
    ok: false,
    reason: "conflict",
    field: "title",
    message: `An activity named "${title}" already exists in this city`,
  };
}

/** Another activity of the city already has the title's slug: both would share one public URL. */
async function slugTaken(tx: Tx, data: { cityId: string; slug: string }, exceptId?: number) {
  const clash = await tx.activity.findFirst({
    where: { cityId: data.cityId, slug: data.slug, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  return clash !== null;
}

/** slugTaken on the driver itself, inside a bulk transaction: another activity of the city has the title's slug. */
async function titleTakenInCity(sql: RawSql, data: { cityId: string; title: string }, exceptId: number) {
  const [clash] = await run(
    sql,
    Sql.sql`SELECT 1 FROM "Activity" WHERE "cityId" = ${data.cityId} AND slug = ${titleSlug(data.title)} AND id <> ${exceptId}`,
  );
  return clash !== undefined;
}

async function setTags(tx: Tx, activityId: number, tagNames: readonly string[]) {
  await tx.activityTag.deleteMany({ where: { activityId } });
  if (tagNames.length === 0) return;
  const tags = await tx.tag.findMany({ where: { name: { in: [...tagNames] } }, select: { id: true } });
  await tx.activityTag.createMany({ data: tags.map((t) => ({ activityId, tagId: t.id })) });
}

/**
 * Runs `write` in the caller's transaction, or in one of its own. The unique (cityId, slug) index is the guarantee
 * against two activities on one address (two simultaneous creates cannot both pass the check); the check inside
 * the write only answers the common case without a failed statement, which would abort a caller's transaction.
 */
async function inTransaction<T>(tx: Tx | undefined, title: string, write: (tx: Tx) => Promise<Outcome<T>>) {
  if (tx) return write(tx);
  const prisma = await db();
  try {
    return await prisma.$transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateTitle(title) as Outcome<T>;
    throw error;
  }
}

/** Creates an activity from validated input; a title whose slug the city already has is refused. */
export async function createActivity(input: ActivityInput, tx?: Tx, writer?: Writer): Promise<Outcome<ActivityRow>> {
  const data = { ...activityWrite(input), updatedBy: writer?.by ?? null };
  return inTransaction(tx, input.title, async (t) => {
    if (await slugTaken(t, data)) return duplicateTitle(input.title);
    const { id } = await t.activity.create({ data, select: { id: true } });
    await setTags(t, id, input.tags);
    const created = await t.activity.findUniqueOrThrow({ where: { id }, include: activityInclude });
    await recordActivity(t, "create", null, created);
    return { ok: true, value: created };
  });
}

/**
 * Replaces the form's columns of an activity (rating, reviews and photos stay). With the writer's version, only
 * if the row is still at it (a guarded write): else the stale refusal, nothing written.
 */
export async function updateActivity(
  id: number,
  input: ActivityInput,
  tx?: Tx,
  writer?: Writer,
): Promise<Outcome<ActivityRow>> {
  const data = { ...activityWrite(input), updatedBy: writer?.by ?? null };
  return inTransaction(tx, input.title, async (t) => {
    const before = await t.activity.findUnique({ where: { id }, include: activityInclude });
    if (!before) return { ok: false, reason: "not-found" };
    if (isBehind(writer, before)) return staleRefusal("activity", before);
    if (await slugTaken(t, data, id)) return duplicateTitle(input.title);
    const { count } = await t.activity.updateMany({ where: { id, ...versionCondition(writer) }, data });
    if (count === 0) return staleOrGone(t, id);
    await setTags(t, id, input.tags);
    const after = await t.activity.findUniqueOrThrow({ where: { id }, include: activityInclude });
    await recordActivity(t, "update", before, after);
    return { ok: true, value: after };
  });
}

/** A guarded write updated no row: another write came first (the stale refusal), or the row is gone. */
async function staleOrGone(t: Tx, id: number): Promise<Refusal> {
  const now = await t.activity.findUnique({ where: { id }, select: STAMP });
  return now ? staleRefusal("activity", now) : { ok: false, reason: "not-found" };
}

/** Sets the phone number alone (accepting the normalised form data-quality offers, data/validations.server.ts). */
export async function setActivityPhoneNumber(id: number, phoneNumber: string, tx: Tx, by?: string): Promise<void> {
  const before = await tx.activity.findUniqueOrThrow({ where: { id }, select: { title: true, phoneNumber: true } });
  await tx.activity.update({ where: { id }, data: { phoneNumber, updatedBy: by ?? null } });
  await recordEntry(tx, {
    entity: "activity",
    entityId: id,
    action: "update",
    label: before.title,
    changes: diffColumns(before, { phoneNumber }, ["phoneNumber"]),
  });
}

/**
 * Moves an activity to `to`, only if it is still at `from` (an edit since the coordinates were read wins): whether
 * it moved. For Coordinate Synchronization (workflows/coordinate-sync.server.ts).
 */
export async function moveActivityIfAt(
  id: number,
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
  tx: Tx,
  by?: string,
): Promise<boolean> {
  const { count } = await tx.activity.updateMany({ where: { id, ...from }, data: { ...to, updatedBy: by ?? null } });
  if (count === 1) {
    const { title } = await tx.activity.findUniqueOrThrow({ where: { id }, select: { title: true } });
    await recordEntry(tx, { entity: "activity", entityId: id, action: "update", label: title, changes: diffColumns(from, to) });
  }
  return count === 1;
}

/** The next `take` activities after `afterId` that have a Google Maps URL, lowest id first. */
export async function activitiesWithMapsUrl(afterId: number, take: number) {
  const prisma = await db();
  return prisma.activity.findMany({
    where: { id: { gt: afterId }, googleMapsUrl: { not: null }, NOT: { googleMapsUrl: "" } },
    select: { id: true, title: true, latitude: true, longitude: true, googleMapsUrl: true },
    orderBy: { id: "asc" },
    take,
  });
}

/** Tags, validation and review notes go with it (cascade). */
/** Deletes an activity; with the writer's version (DELETE with If-Match), only if the row is still at it. */
export async function deleteActivity(id: number, writer?: Writer): Promise<Outcome<{ id: number; title: string }>> {
  const prisma = await db();
  return prisma.$transaction(async (tx): Promise<Outcome<{ id: number; title: string }>> => {
    const row = await tx.activity.findUnique({ where: { id }, include: trashInclude });
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (isBehind(writer, row)) return staleRefusal("activity", row);
    const { count } = await tx.activity.deleteMany({ where: { id, ...versionCondition(writer) } });
    if (count === 0) return staleOrGone(tx, id);
    await trashActivity(tx, row, await recordActivity(tx, "delete", withoutTrashParts(row), null));
    return { ok: true, value: { id: row.id, title: row.title } } as const;
  });
}

/**
 * Puts a trashed activity back as it was, its id, tags (those that still exist), validation record and review
 * notes with it; refused when its city is gone or another activity took its address meanwhile.
 */
export async function restoreActivityRow(tx: Tx, data: TrashedActivity): Promise<Outcome<ActivityRow>> {
  const { activity, tags, validation, reviewNotes } = data;
  if (!(await tx.city.findUnique({ where: { id: activity.cityId }, select: { id: true } }))) {
    return {
      ok: false,
      reason: "refused",
      message: `Its city "${activity.cityId}" no longer exists: restore the city first.`,
    };
  }
  if (await slugTaken(tx, activity, activity.id)) return duplicateTitle(activity.title);
  await tx.activity.create({
    data: { ...activity, googlePhotoAttributions: activity.googlePhotoAttributions ?? [] } as Prisma.ActivityUncheckedCreateInput,
  });
  await setTags(tx, activity.id, tags);
  if (validation) await tx.activityValidation.create({ data: validation });
  if (reviewNotes.length > 0) {
    await tx.reviewNote.createMany({ data: reviewNotes.map(({ id: _id, ...note }) => note) });
  }
  const restored = await tx.activity.findUniqueOrThrow({ where: { id: activity.id }, include: activityInclude });
  await recordActivity(tx, "restore", null, restored);
  return { ok: true, value: restored };
}

/**
 * Undoes an edit of an activity: writes back each changed column's old value, recorded as a 'revert' entry; refused
 * when the activity changed again since (a later change is never overwritten) or its title's address is taken.
 */
export async function revertActivityChange(id: number, changes: Changes): Promise<Outcome<{ title: string }>> {
  if (!Object.keys(changes).every(isRevertibleActivityColumn)) {
    return { ok: false, reason: "refused", message: "This change cannot be undone here." };
  }
  const columns = Object.keys(changes).filter((c) => c !== "slug") as SelectiveColumn[];
  const values = revertValues(changes) as SelectiveValues;
  try {
    return await bulkTransaction(async (sql): Promise<Outcome<{ title: string }>> => {
      const [row] = await run<{ title: string; cityId: string }>(
        sql,
        Sql.sql`SELECT title, "cityId" FROM "Activity" WHERE id = ${id} FOR UPDATE`,
      );
      if (!row) return { ok: false, reason: "not-found" };
      const current = (await historyValues(sql, [id], Object.keys(changes))).get(id)!;
      const since = changedSince(changes, current);
      if (since.length > 0) return { ok: false, reason: "refused", message: changedSinceMessage(row.title, since) };
      const title = String(values.title ?? row.title);
      const cityId = String(values.cityId ?? row.cityId);
      if (await titleTakenInCity(sql, { cityId, title }, id)) return duplicateTitle(title);
      await updateActivityColumns(columns, [{ id, values }], sql, { action: "revert" });
      return { ok: true, value: { title } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateTitle(String(values.title ?? ""));
    throw error;
  }
}

/** PATCH /api/activities/{id}/selective-update: the chosen columns of one activity (the title's city must be free). */
export async function updateActivitySelectively(
  id: number,
  columns: readonly SelectiveColumn[],
  values: SelectiveValues,
  writer?: Writer,
): Promise<Outcome<ActivityRow>> {
  const title = String(values.title ?? "");
  try {
    const outcome = await bulkTransaction(async (sql): Promise<Outcome<null>> => {
      // Locked: the version checked is the version written over.
      const [row] = await run<{ title: string; cityId: string; version: number; updatedAt: Date; updatedBy: string | null }>(
        sql,
        Sql.sql`SELECT title, "cityId", version, "updatedAt", "updatedBy" FROM "Activity" WHERE id = ${id} FOR UPDATE`,
      );
      if (!row) return { ok: false, reason: "not-found" };
      if (isBehind(writer, row)) return staleRefusal("activity", row);
      const wanted = (values.title as string | undefined) ?? row.title;
      const cityId = (values.cityId as string | undefined) ?? row.cityId;
      if (await titleTakenInCity(sql, { cityId, title: wanted }, id)) return duplicateTitle(wanted);
      await updateActivityColumns(columns, [{ id, values }], sql, { by: writer?.by ?? null });
      return { ok: true, value: null };
    });
    if (!outcome.ok) return outcome;
    const prisma = await db();
    return { ok: true, value: await prisma.activity.findUniqueOrThrow({ where: { id }, include: activityInclude }) };
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateTitle(title);
    throw error;
  }
}
