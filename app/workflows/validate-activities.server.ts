// 'Validate these activities for this type' (admin §5 'Batch validation', §7 POST /api/activities/validate-batch):
// runs the type's checks on each activity and writes its validation record as each one finishes. The API route
// and the validation job (app/jobs/) both call validateActivities; it answers { processed, results, errors }.
//
// - At most batchLimit(type) ids a call: 50 for website, 100 for the others (§5).
// - Outgoing requests to activities' own URLs (websites, short maps links) run 50 at a time, and at most 3 at once
//   to one host, so a batch of one chain's fifty sites does not look like an attack on it.
// - Google Places lookups (location, business) run 5 at a time through the places client's 'find place' function,
//   given as `findPlace`; without it those types are refused as not configured.
// - A check that cannot answer now (a timeout following a short link, a Places error) leaves that check unwritten,
//   so the activity stays unvalidated for it and a later run tries again; it is listed in `errors`. A website that
//   does not answer is not such an error: that is what `failed` means.
import { checkAddress, mapsAddressOf } from "~/domain/data-quality/address-check";
import {
  businessStatusOf,
  coordinatesCheck,
  locationAccuracy,
  placeQuery,
  validCoordinates,
  type FindPlace,
  type LocatedActivity,
  type LocationCheck,
} from "~/domain/data-quality/location-check";
import { checkMapsUrl, type MapsUrl } from "~/domain/data-quality/maps-url";
import { checkPhone } from "~/domain/data-quality/phone-check";
import {
  batchLimit,
  NOTHING_TO_VALIDATE,
  TYPE_CHECKS,
  type BusinessStatus,
  type ValidationType,
  type ValidationUpdate,
} from "~/domain/data-quality/validation";
import type { WebsiteVerdict } from "~/domain/data-quality/website-check";
import type { Outcome } from "~/data/outcome.server";
import {
  activitiesToValidate,
  recordValidation,
  unvalidatedActivities,
  type ActivityToValidate,
} from "~/data/validations.server";
import { placesFindPlace } from "~/services/google-places.server";
import { resolveMapsUrl } from "~/services/maps-url.server";
import { checkWebsite } from "~/services/website-check.server";

export const LINK_CONCURRENCY = 50;
export const LINK_CONCURRENCY_PER_HOST = 3;
export const PLACES_CONCURRENCY = 5;

export const PLACES_NOT_CONFIGURED =
  "Google Places is not configured: set GOOGLE_PLACES_API_KEY to check locations and business status";

export interface Validators {
  checkWebsite(url: string): Promise<WebsiteVerdict>;
  resolveMapsUrl(url: string): Promise<MapsUrl>;
  /** The places client's lookup; null when Google Places is not configured. */
  findPlace: FindPlace | null;
}

/** The real checks; `findPlace` is the places client's lookup (null when GOOGLE_PLACES_API_KEY is not set). */
export function defaultValidators(findPlace: FindPlace | null = placesFindPlace()): Validators {
  return { checkWebsite: (url) => checkWebsite(url), resolveMapsUrl: (url) => resolveMapsUrl(url), findPlace };
}

export interface ValidationResultItem {
  activityId: number;
  title: string;
  qualityScore: number | null;
  needsReview: boolean;
  websiteStatus: string | null;
  websiteReason: string | null;
  phoneStatus: string | null;
  phoneNormalized: string | null;
  locationAccuracy: string | null;
  locationDistance: number | null;
  mapsUrlStatus: string | null;
  mapsUrlDistance: number | null;
  addressStatus: string | null;
  mapsAddress: string | null;
  businessStatus: string | null;
  lastValidated: Date | null;
}

export interface ValidationError {
  activityId: number;
  message: string;
}

/** The answer of validate-batch (§7). */
export interface ValidationBatchResult {
  processed: number;
  results: ValidationResultItem[];
  errors: ValidationError[];
}

/** Runs tasks with at most `total` at once and at most `perKey` at once for one key (a host). */
export class KeyedLimiter {
  private active = 0;
  private readonly perKeyActive = new Map<string, number>();
  private readonly waiting: { key: string; start: () => void }[] = [];

  constructor(
    private readonly total: number,
    private readonly perKey: number,
  ) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        key,
        start: () => {
          task()
            .then(resolve, reject)
            .finally(() => this.release(key));
        },
      });
      this.next();
    });
  }

  private next() {
    for (let i = 0; i < this.waiting.length && this.active < this.total;) {
      const { key, start } = this.waiting[i];
      const running = this.perKeyActive.get(key) ?? 0;
      if (running >= this.perKey) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.active++;
      this.perKeyActive.set(key, running + 1);
      start();
    }
  }

  private release(key: string) {
    this.active--;
    const running = (this.perKeyActive.get(key) ?? 1) - 1;
    if (running > 0) this.perKeyActive.set(key, running);
    else this.perKeyActive.delete(key);
    this.next();
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return "";
  }
}

/** Location accuracy of one activity: Google is asked only when the coordinates are usable and in range. */
export async function checkLocation(activity: LocatedActivity, findPlace: FindPlace): Promise<LocationCheck> {
  const precheck = coordinatesCheck(activity);
  if (!("point" in precheck)) return precheck;
  return locationAccuracy(precheck.point, await findPlace(placeQuery(activity, "location")));
}

/** Business status of one activity, from the place Google finds for it. */
export async function checkBusinessStatus(
  activity: LocatedActivity,
  findPlace: FindPlace,
): Promise<{ businessStatus: BusinessStatus }> {
  return { businessStatus: businessStatusOf(await findPlace(placeQuery(activity, "businessStatus"))) };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const needsPlaces = (type: ValidationType) => TYPE_CHECKS[type].some((c) => c === "location" || c === "business");

/** Validates `activityIds` for `type` (see the header); refused when there are too many ids or Places is missing. */
export async function validateActivities(
  activityIds: readonly number[],
  type: ValidationType,
  validators: Validators = defaultValidators(),
): Promise<Outcome<ValidationBatchResult>> {
  const ids = [...new Set(activityIds)];
  const limit = batchLimit(type);
  if (ids.length > limit) {
    return { ok: false, reason: "refused", field: "activityIds", message: `At most ${limit} activities at once` };
  }
  const findPlace = validators.findPlace;
  if (needsPlaces(type) && !findPlace) return { ok: false, reason: "refused", message: PLACES_NOT_CONFIGURED };

  const links = new KeyedLimiter(LINK_CONCURRENCY, LINK_CONCURRENCY_PER_HOST);
  const places = new KeyedLimiter(PLACES_CONCURRENCY, PLACES_CONCURRENCY);
  const errors: ValidationError[] = [];
  const results = new Map<number, ValidationResultItem>();
  const activities = await activitiesToValidate(ids);
  const found = new Set(activities.map((a) => a.id));
  for (const id of ids) if (!found.has(id)) errors.push({ activityId: id, message: "Activity not found." });

  const checksOf = async (activity: ActivityToValidate): Promise<ValidationUpdate> => {
    const update: ValidationUpdate = {};
    const fail = (what: string, error: unknown) =>
      errors.push({ activityId: activity.id, message: `${what}: ${message(error)}` });
    const explicit = TYPE_CHECKS[type].length === 1;
    const tasks = TYPE_CHECKS[type].map(async (check) => {
      switch (check) {
        case "website": {
          const website = activity.website?.trim();
          if (!website) {
            if (explicit) errors.push({ activityId: activity.id, message: "The activity has no website" });
            return;
          }
          try {
            Object.assign(update, await links.run(hostOf(website), () => validators.checkWebsite(website)));
          } catch (error) {
            fail("Website", error);
          }
          return;
        }
        case "phone": {
          const phone = activity.phoneNumber?.trim();
          if (!phone) {
            if (explicit) errors.push({ activityId: activity.id, message: "The activity has no phone number" });
            return;
          }
          const { phoneStatus, phoneNormalized } = checkPhone(phone, activity.country);
          Object.assign(update, { phoneStatus, phoneNormalized });
          return;
        }
        case "address": {
          const mapsUrl = activity.googleMapsUrl?.trim();
          if (!mapsUrl) {
            Object.assign(
              update,
              { mapsUrlStatus: null, mapsUrlDistance: null },
              checkAddress({ address: activity.address, hasMapsUrl: false, mapsAddress: null }),
            );
            return;
          }
          try {
            const parsed = await links.run(hostOf(mapsUrl), () => validators.resolveMapsUrl(mapsUrl));
            const mapsAddress = parsed.kind === "maps" ? mapsAddressOf(parsed.placeText) : null;
            Object.assign(
              update,
              checkMapsUrl(validCoordinates(activity.latitude, activity.longitude), parsed),
              checkAddress({ address: activity.address, hasMapsUrl: true, mapsAddress }),
            );
          } catch (error) {
            fail("Google Maps URL", error);
          }
          return;
        }
        case "location":
          try {
            Object.assign(update, await places.run("", () => checkLocation(activity, findPlace!)));
          } catch (error) {
            fail("Location", error);
          }
          return;
        case "business":
          try {
            Object.assign(update, await places.run("", () => checkBusinessStatus(activity, findPlace!)));
          } catch (error) {
            fail("Business status", error);
          }
          return;
      }
    });
    await Promise.all(tasks);
    return update;
  };

  // The checks run side by side (each kind limits itself); the records are written one after another: a hundred
  // transactions at once would wait for the pool's few connections past Prisma's 2 s limit on a busy server.
  const updates = await Promise.all(activities.map(checksOf));
  for (const [i, activity] of activities.entries()) {
    const update = updates[i];
    if (Object.keys(update).length === 0) continue;
    const written = await recordValidation(activity.id, update);
    if (!written.ok) {
      errors.push({ activityId: activity.id, message: "Activity not found." });
      continue;
    }
    const { activityId: _id, ...record } = written.value;
    results.set(activity.id, { activityId: activity.id, title: activity.title, ...record });
  }

  const order = new Map(ids.map((id, i) => [id, i]));
  return {
    ok: true,
    value: {
      processed: results.size,
      results: ids.flatMap((id) => results.get(id) ?? []),
      errors: errors.sort((a, b) => order.get(a.activityId)! - order.get(b.activityId)!),
    },
  };
}

/**
 * The tab's validation card (admin §2 'Validation cards'): the next batch of activities `type` has not checked yet
 * (100; website 50), validated; 'nothing' with §8's message when none is left.
 */
export async function validateNextBatch(
  type: ValidationType,
  validators: Validators = defaultValidators(),
): Promise<Outcome<ValidationBatchResult & { remaining: number }> | { ok: "nothing"; message: string }> {
  const { ids, total } = await unvalidatedActivities(type, batchLimit(type));
  if (ids.length === 0) return { ok: "nothing", message: NOTHING_TO_VALIDATE[type] };
  const outcome = await validateActivities(ids, type, validators);
  if (!outcome.ok) return outcome;
  return { ok: true, value: { ...outcome.value, remaining: Math.max(0, total - outcome.value.processed) } };
}
