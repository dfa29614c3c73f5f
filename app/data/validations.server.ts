// Queries and writes of the data-quality tables: ActivityValidation (one record per activity) and ReviewNote
// (admin §3 'Validation record', 'Validation stats', 'Address discrepancy item', 'Review note'; §7).
import type { ActivityValidation, Prisma, ReviewNote } from "~/generated/prisma/client";
import { addressCorrection, CORRECTABLE_ADDRESS_STATUSES } from "~/domain/data-quality/address-correction";
import { clampPage, pageOffset } from "~/domain/pages/pagination";
import { ISSUE_FIELD, type ReviewListState } from "~/domain/data-quality/review-list";
import { acceptedPhone } from "~/domain/data-quality/phone-check";
import { mergeValidation } from "~/domain/data-quality/quality-score";
import {
  PREVIEW_LIMIT,
  redStatuses,
  REVIEWER_LABEL,
  STATUS_FIELDS,
  type ValidationType,
  type ValidationUpdate,
} from "~/domain/data-quality/validation";
import { type ActivityRow } from "./activities/rows.server";
import { setActivityPhoneNumber, updateActivity } from "./activities/writes.server";
import { reviewedActivityInput, type ReviewActivityInput } from "~/domain/activities/activity-form";
import { db, type Tx } from "./db.server";
import { recordEntry } from "./history.server";
import { diffColumns } from "~/domain/admin/history";
import { insensitiveContains } from "./like.server";
import { isForeignKeyViolation, type Outcome, type Writer } from "./outcome.server";

const NOT_FOUND = { ok: false, reason: "not-found" } as const;

async function inTransaction<T>(tx: Tx | undefined, write: (tx: Tx) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  if (tx) return write(tx);
  const prisma = await db();
  try {
    return await prisma.$transaction(write);
  } catch (error) {
    // The activity was deleted between the check and the write.
    if (isForeignKeyViolation(error)) return NOT_FOUND;
    throw error;
  }
}

/**
 * Writes what the validators that ran found into the activity's one record (created on first use): their columns
 * are replaced, the others kept, and the score, needsReview and lastValidated follow (domain/data-quality/quality-score.ts).
 * The record is locked while it is merged, so two runs on one activity cannot each write over the other.
 */
export async function recordValidation(
  activityId: number,
  update: ValidationUpdate,
  tx?: Tx,
): Promise<Outcome<ActivityValidation>> {
  return inTransaction(tx, async (t) => {
    if (!(await t.activity.findUnique({ where: { id: activityId }, select: { id: true } }))) return NOT_FOUND;
    await t.activityValidation.createMany({ data: [{ activityId }], skipDuplicates: true });
    await t.$queryRaw`SELECT 1 FROM "ActivityValidation" WHERE "activityId" = ${activityId} FOR UPDATE`;
    const previous = await t.activityValidation.findUniqueOrThrow({ where: { activityId } });
    const next = mergeValidation(previous.lastValidated ? previous : null, update, new Date());
    return { ok: true, value: await t.activityValidation.update({ where: { activityId }, data: next }) };
  });
}

export async function getValidation(activityId: number) {
  const prisma = await db();
  return prisma.activityValidation.findUnique({ where: { activityId } });
}

// --- Which activities a validation type takes (admin §5 'Batch validation') ---

/** A text column that holds something: not null and not empty. */
function has(field: "website" | "phoneNumber" | "googleMapsUrl"): Prisma.ActivityWhereInput {
  return { AND: [{ [field]: { not: null } }, { NOT: { [field]: "" } }] };
}

/** Not yet checked: no record, or the record's status for that check is empty. */
function unchecked(status: "websiteStatus" | "phoneStatus" | "locationAccuracy" | "addressStatus" | "businessStatus") {
  return { OR: [{ validation: { is: null } }, { validation: { is: { [status]: null } } }] } as Prisma.ActivityWhereInput;
}

// Every activity has coordinates (the columns are required), so location and business take them all; the
// location check itself says when they are not usable.
const ELIGIBLE: Record<ValidationType, Prisma.ActivityWhereInput> = {
  website: has("website"),
  phone: has("phoneNumber"),
  location: {},
  address: has("googleMapsUrl"),
  business: {},
  free: { OR: [has("website"), has("phoneNumber"), has("googleMapsUrl")] },
};

const UNVALIDATED: Record<ValidationType, Prisma.ActivityWhereInput> = {
  website: { AND: [ELIGIBLE.website, unchecked("websiteStatus")] },
  phone: { AND: [ELIGIBLE.phone, unchecked("phoneStatus")] },
  location: unchecked("locationAccuracy"),
  address: { AND: [ELIGIBLE.address, unchecked("addressStatus")] },
  business: unchecked("businessStatus"),
  free: {
    OR: [
      { AND: [has("website"), unchecked("websiteStatus")] },
      { AND: [has("phoneNumber"), unchecked("phoneStatus")] },
      { AND: [has("googleMapsUrl"), unchecked("addressStatus")] },
    ],
  },
};

/**
 * The activities a type has yet to check, lowest id first: the next `limit` ids and how many there are; `except`
 * leaves out ids a run has already tried.
 */
export async function unvalidatedActivities(type: ValidationType, limit = 100, except: readonly number[] = []) {
  const prisma = await db();
  const where = except.length > 0 ? { AND: [UNVALIDATED[type], { id: { notIn: [...except] } }] } : UNVALIDATED[type];
  const [rows, total] = await Promise.all([
    prisma.activity.findMany({ where, select: { id: true }, orderBy: { id: "asc" }, take: limit }),
    prisma.activity.count({ where }),
  ]);
  return { ids: rows.map((r) => r.id), total };
}

/** For each type: the activities it can check and those it has not checked yet (the cost card, 'nothing to do'). */
export async function validationCoverage(): Promise<Record<ValidationType, { eligible: number; unvalidated: number }>> {
  const prisma = await db();
  const types = Object.keys(ELIGIBLE) as ValidationType[];
  const counts = await Promise.all(
    types.map(async (type) => ({
      type,
      eligible: await prisma.activity.count({ where: ELIGIBLE[type] }),
      unvalidated: await prisma.activity.count({ where: UNVALIDATED[type] }),
    })),
  );
  return Object.fromEntries(counts.map(({ type, ...c }) => [type, c])) as Record<
    ValidationType,
    { eligible: number; unvalidated: number }
  >;
}

/** What the validators read of each activity, with its city's centre and radius; in the order of `ids`. */
export async function activitiesToValidate(ids: readonly number[]) {
  const prisma = await db();
  const rows = await prisma.activity.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      title: true,
      address: true,
      website: true,
      phoneNumber: true,
      googleMapsUrl: true,
      latitude: true,
      longitude: true,
      country: true,
      state: true,
      googlePlaceId: true,
      city: { select: { displayName: true, centerLatitude: true, centerLongitude: true, radius: true } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type ActivityToValidate = Awaited<ReturnType<typeof activitiesToValidate>>[number];

// --- Stats (admin §3 'Validation stats', GET /api/validation/stats) ---

export interface ValidationStats {
  totalActivities: number;
  validatedActivities: number;
  needsReview: number;
  websiteStats: { working: number; broken: number };
  phoneStats: { valid: number; invalid: number };
}

export async function validationStats(): Promise<ValidationStats> {
  const prisma = await db();
  const count = (where: Prisma.ActivityValidationWhereInput) => prisma.activityValidation.count({ where });
  const [totalActivities, validatedActivities, needsReview, working, broken, valid, invalid] = await Promise.all([
    prisma.activity.count(),
    count({ lastValidated: { not: null } }),
    count({ needsReview: true }),
    count({ websiteStatus: "accessible" }),
    count({ websiteStatus: "failed" }),
    count({ phoneStatus: "valid_format" }),
    count({ phoneStatus: "invalid_format" }),
  ]);
  return {
    totalActivities,
    validatedActivities,
    needsReview,
    websiteStats: { working, broken },
    phoneStats: { valid, invalid },
  };
}

// --- Address discrepancies (GET /api/activities/address-discrepancies, §3 'Address discrepancy item') ---

const DISCREPANCY: Prisma.ActivityWhereInput = {
  validation: { is: { addressStatus: { in: [...CORRECTABLE_ADDRESS_STATUSES] }, mapsAddress: { not: null } } },
};

/** The first `take` activities whose address differs from (or lacks) their maps URL's, and how many there are. */
export async function addressDiscrepancies({ take = PREVIEW_LIMIT }: { take?: number } = {}) {
  const prisma = await db();
  const [rows, total] = await Promise.all([
    prisma.activity.findMany({
      where: DISCREPANCY,
      select: { id: true, title: true, address: true, validation: { select: { mapsAddress: true } } },
      orderBy: { id: "asc" },
      take,
    }),
    prisma.activity.count({ where: DISCREPANCY }),
  ]);
  const items = rows.map(({ validation, ...row }) => ({ ...row, validation: { mapsAddress: validation!.mapsAddress } }));
  return { items, total };
}

// --- Review (POST /api/activities/{id}/mark-reviewed, clear-review-list; admin §4, §6) ---

/**
 * Records a review under the fixed reviewer label (admin §6: not the signed-in user) and takes the activity off
 * the review list. An activity without a validation record can be reviewed too (the note is kept).
 */
export async function markReviewed(activityId: number, notes: string, tx?: Tx): Promise<Outcome<ReviewNote>> {
  return inTransaction(tx, async (t) => {
    if (!(await t.activity.findUnique({ where: { id: activityId }, select: { id: true } }))) return NOT_FOUND;
    const note = await t.reviewNote.create({ data: { activityId, reviewedBy: REVIEWER_LABEL, notes } });
    await t.activityValidation.updateMany({ where: { activityId }, data: { needsReview: false } });
    return { ok: true, value: note };
  });
}

/** Takes the activities off the review list without a note; the number that were on it. */
export async function clearReviewList(activityIds: readonly number[], tx?: Tx): Promise<number> {
  const client = tx ?? (await db());
  const { count } = await client.activityValidation.updateMany({
    where: { activityId: { in: [...activityIds] }, needsReview: true },
    data: { needsReview: false },
  });
  return count;
}

export async function reviewNotes(activityId: number) {
  const prisma = await db();
  return prisma.reviewNote.findMany({ where: { activityId }, orderBy: { id: "desc" } });
}

// --- The phone number's offered form (domain/data-quality/phone-check.ts) ---

const PHONE_CHANGED = "The phone number changed since it was checked; validate it again";

/**
 * Stores the phone number in the form the check offered, when the administrator accepts it: refused when there
 * is no offer or the stored number is no longer the one that was checked.
 */
export async function acceptNormalizedPhone(
  activityId: number,
  tx?: Tx,
  by?: string,
): Promise<Outcome<{ phoneNumber: string }>> {
  return inTransaction(tx, async (t) => {
    const activity = await t.activity.findUnique({
      where: { id: activityId },
      select: { phoneNumber: true, country: true, validation: { select: { phoneNormalized: true } } },
    });
    if (!activity) return NOT_FOUND;
    const offered = activity.validation?.phoneNormalized ?? null;
    if (!offered) return { ok: false, reason: "refused", field: "phoneNumber", message: "No normalised phone number to accept" };
    const phoneNumber = acceptedPhone(activity.phoneNumber, offered, activity.country);
    if (!phoneNumber) return { ok: false, reason: "refused", field: "phoneNumber", message: PHONE_CHANGED };
    await setActivityPhoneNumber(activityId, phoneNumber, t, by);
    // The same number in the offered form: still valid (the trigger cleared the status with the old text).
    await t.activityValidation.update({
      where: { activityId },
      data: { phoneStatus: "valid_format", phoneNormalized: null },
    });
    return { ok: true, value: { phoneNumber } };
  });
}

// --- Activities Needing Review (admin §2, GET /api/activities/needs-review) ---

function reviewWhere(state: Omit<ReviewListState, "page" | "size">): Prisma.ActivityWhereInput {
  const fields = state.issue === "all" ? STATUS_FIELDS : [ISSUE_FIELD[state.issue]];
  return {
    ...(state.q ? { title: insensitiveContains(state.q) } : {}),
    validation: {
      is: {
        needsReview: true,
        // Scores are whole numbers; a bound between two is rounded inwards (Prisma would truncate 8.5 to 8).
        qualityScore: { gte: Math.ceil(state.min), lte: Math.floor(state.max) },
        // 'all' is every activity on the list; an issue type, those whose status for it is a red one.
        ...(state.issue === "all" ? {} : { OR: fields.map((f) => ({ [f]: { in: [...redStatuses(f)] } })) }),
      },
    },
  };
}

/** One page of the review list, lowest score first (the worst on top), and how many match. */
export async function needsReviewList(state: ReviewListState) {
  const prisma = await db();
  const where = reviewWhere(state);
  const total = await prisma.activity.count({ where });
  const page = clampPage(state.page, total, state.size);
  const rows = await prisma.activity.findMany({
    where,
    orderBy: [{ validation: { qualityScore: "asc" } }, { id: "asc" }],
    skip: pageOffset(page, state.size),
    take: state.size,
    select: {
      id: true,
      title: true,
      excerpt: true,
      googleMapsUrl: true,
      latitude: true,
      longitude: true,
      city: { select: { id: true, stateCode: true, country: true } },
      validation: true,
    },
  });
  // §3: an entry is an activity and its validation record.
  const entries = rows.map(({ validation, ...activity }) => ({ activity, validation: validation! }));
  return { entries, total, page };
}

/** The ids of every activity on the review list that matches the filters (Clear List clears what is shown). */
export async function reviewListIds(state: Omit<ReviewListState, "page" | "size">): Promise<number[]> {
  const prisma = await db();
  const rows = await prisma.activity.findMany({ where: reviewWhere(state), select: { id: true } });
  return rows.map((r) => r.id);
}

// --- Address auto-correction (POST /api/activities/auto-correct-addresses, admin §3 'Address correction result') ---

/**
 * Writes the maps URL's address onto each activity whose address is a discrepancy (domain/data-quality/address-correction.ts
 * decides, on the rows as they are now, so an address the administrator fixed meanwhile is skipped), in one
 * transaction; the address check then reads as verified. Ids that are not activities count as skipped.
 */
export async function autoCorrectAddresses(
  activityIds: readonly number[],
  by?: string,
): Promise<{ correctedCount: number; skippedCount: number }> {
  const prisma = await db();
  const ids = [...new Set(activityIds)];
  return prisma.$transaction(async (t) => {
    const rows = await t.activity.findMany({
      where: { id: { in: ids } },
      select: { id: true, title: true, address: true, validation: { select: { addressStatus: true, mapsAddress: true } } },
    });
    let correctedCount = 0;
    for (const row of rows) {
      const correction = addressCorrection(row, row.validation);
      if (correction.kind !== "correct") continue;
      await t.activity.update({ where: { id: row.id }, data: { address: correction.address, updatedBy: by ?? null } });
      await recordEntry(t, {
        entity: "activity",
        entityId: row.id,
        action: "update",
        label: row.title,
        changes: diffColumns(row, { address: correction.address }, ["address"]),
      });
      await recordValidation(row.id, { addressStatus: "address_verified" }, t);
      correctedCount += 1;
    }
    return { correctedCount, skippedCount: ids.length - correctedCount };
  });
}

/** The ids of every address discrepancy (the tab's 'auto-correct all'). */
export async function addressDiscrepancyIds(): Promise<number[]> {
  const prisma = await db();
  const rows = await prisma.activity.findMany({ where: DISCREPANCY, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((r) => r.id);
}

/**
 * The review edit dialog's save (admin §4): the activity updated (a category, city, description or image left empty
 * keeps its stored value, admin §5) and marked reviewed, in one transaction.
 */
export async function saveReviewedActivity(
  id: number,
  input: ReviewActivityInput,
  writer?: Writer,
): Promise<Outcome<ActivityRow>> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const stored = await tx.activity.findUnique({
      where: { id },
      select: { category: true, cityId: true, excerpt: true, image: true },
    });
    if (!stored) return NOT_FOUND;
    const updated = await updateActivity(id, reviewedActivityInput(input, stored), tx, writer);
    if (!updated.ok) return updated;
    await markReviewed(id, "Edited in the review dialog", tx);
    return updated;
  });
}
