// The data-quality validation record (admin §3 'Validation record'): its statuses and their colours (§4), the
// validation types and how many activities a call takes (§5 'Batch validation', §7 validate-batch), the messages
// of §8. How a run's findings become the record: quality-score.ts mergeValidation.

export const WEBSITE_STATUSES = ["accessible", "failed"] as const;
export const PHONE_STATUSES = ["valid_format", "invalid_format"] as const;
export const LOCATION_ACCURACIES = [
  "location_verified",
  "coordinates_valid",
  "location_mismatch",
  "out_of_range",
  "invalid_coordinates",
] as const;
/**
 * `maps_url_unverified`: the URL names no coordinates (a text search, a cid) or the activity has none to compare;
 * `maps_url_invalid`: not a Google Maps URL, or a short link that leads to none.
 */
export const MAPS_URL_STATUSES = [
  "maps_url_verified",
  "maps_url_mismatch",
  "maps_url_unverified",
  "maps_url_invalid",
] as const;
/**
 * `no_maps_address`: the maps URL names a place but no address to compare (coordinates, a bare name, a cid);
 * `no_address`: the activity has no address while its maps URL names one (auto-correction fills it in).
 */
export const ADDRESS_STATUSES = [
  "address_verified",
  "address_mismatch",
  "no_maps_url",
  "no_maps_address",
  "no_address",
] as const;
/** Google Places' businessStatus, and NOT_FOUND when Google finds no place for the activity. */
export const BUSINESS_STATUSES = ["OPERATIONAL", "CLOSED_TEMPORARILY", "CLOSED_PERMANENTLY", "NOT_FOUND"] as const;

export type WebsiteStatus = (typeof WEBSITE_STATUSES)[number];
export type PhoneStatus = (typeof PHONE_STATUSES)[number];
export type LocationAccuracy = (typeof LOCATION_ACCURACIES)[number];
export type MapsUrlStatus = (typeof MAPS_URL_STATUSES)[number];
export type AddressStatus = (typeof ADDRESS_STATUSES)[number];
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

/** The status columns of the record; stored as text, so a reader may meet a value it does not know. */
export interface ValidationStatuses {
  websiteStatus: string | null;
  phoneStatus: string | null;
  locationAccuracy: string | null;
  mapsUrlStatus: string | null;
  addressStatus: string | null;
  businessStatus: string | null;
}

/** Everything a validator finds: the statuses and what goes with them. */
export interface ValidationFields extends ValidationStatuses {
  /** Why the website check ended as it did (a status code, a timeout, a refused address…). */
  websiteReason: string | null;
  /** The phone number in international format, offered to the administrator; null when already so or invalid. */
  phoneNormalized: string | null;
  /** Miles between the activity and the place Google Places finds. */
  locationDistance: number | null;
  /** Miles between the activity and the point its Google Maps URL names. */
  mapsUrlDistance: number | null;
  /** The address the Google Maps URL names (what auto-correction writes). */
  mapsAddress: string | null;
}

export interface ValidationRecord extends ValidationFields {
  qualityScore: number;
  needsReview: boolean;
  lastValidated: Date;
}

/** The findings of the validators that ran: only their fields are replaced. */
export type ValidationUpdate = Partial<ValidationFields>;

// --- Status colours (admin §4 'Status values and colours') ---

export type StatusColor = "red" | "yellow" | "green" | "gray";
export type StatusField = keyof ValidationStatuses;

const RED: Record<StatusField, readonly string[]> = {
  websiteStatus: ["failed"],
  phoneStatus: ["invalid_format"],
  locationAccuracy: ["invalid_coordinates", "out_of_range", "location_mismatch"],
  mapsUrlStatus: ["maps_url_mismatch"],
  addressStatus: ["address_mismatch"],
  // Not in the spec's list: a place Google reports closed for good is as wrong as a wrong address.
  businessStatus: ["CLOSED_PERMANENTLY"],
};
const GREEN: Record<StatusField, readonly string[]> = {
  websiteStatus: ["accessible"],
  phoneStatus: ["valid_format"],
  locationAccuracy: ["location_verified"],
  mapsUrlStatus: ["maps_url_verified"],
  addressStatus: ["address_verified"],
  businessStatus: ["OPERATIONAL"],
};

/**
 * A status badge's colour. The spec's yellows are `coordinates_valid` and every address status but the three it
 * names ('others yellow'); a temporarily closed business is yellow too. Anything else, and no status, is gray.
 */
export function statusColor(field: StatusField, status: string | null | undefined): StatusColor {
  if (!status) return "gray";
  if (RED[field].includes(status)) return "red";
  if (GREEN[field].includes(status)) return "green";
  if (field === "locationAccuracy" && status === "coordinates_valid") return "yellow";
  if (field === "addressStatus") return status === "no_maps_url" ? "gray" : "yellow";
  if (field === "businessStatus" && status === "CLOSED_TEMPORARILY") return "yellow";
  return "gray";
}

/** The record's status columns, in the order the badges show them. */
export const STATUS_FIELDS = Object.keys(RED) as StatusField[];

/** The red statuses of a field: what the review list's issue filter looks for. */
export function redStatuses(field: StatusField): readonly string[] {
  return RED[field];
}

/** Whether a status is one of the red ones (a problem the review list is for). */
export function isRedStatus(field: StatusField, status: string | null | undefined): boolean {
  return statusColor(field, status) === "red";
}

// --- Validation types and batches (admin §5 'Batch validation', §7, §9) ---

/**
 * What POST /api/activities/validate-batch accepts: the spec's five, and `business` for the Business Status card
 * (its action is 'not shown' in the spec; here it is a type of its own because Google bills it separately).
 * `address` checks the Google Maps URL (maps_url_*) and the address against it; `free` runs website, phone and
 * address together.
 */
export const VALIDATION_TYPES = ["website", "phone", "location", "address", "free", "business"] as const;
export type ValidationType = (typeof VALIDATION_TYPES)[number];

/** Activity ids one validate-batch call takes (§5): website 50, the others 100. */
export function batchLimit(type: ValidationType): number {
  return type === "website" ? 50 : 100;
}

/** A validation run's batch (§9), and the pause between batches. */
export const VALIDATION_BATCH_SIZE = 100;
export const VALIDATION_BATCH_PAUSE_MS = 1000;
/** How often the tab asks for progress while a run goes on (§9). */
export const VALIDATION_POLL_MS = 3000;

/** The validation cards, in the spec's order (§2 'Validation cards'); `free` is the API's combined type. */
export const BATCH_TYPES = [
  "website",
  "phone",
  "address",
  "location",
  "business",
] as const satisfies readonly ValidationType[];

export const BATCH_TYPE_CARDS: Record<(typeof BATCH_TYPES)[number], { title: string; cost: string; button: string }> = {
  website: { title: "Website Validation", cost: "Free", button: "Validate websites" },
  phone: { title: "Phone Validation", cost: "Free", button: "Validate phone numbers" },
  address: { title: "Address Validation", cost: "Free", button: "Validate addresses" },
  location: { title: "Location Accuracy", cost: "About $0.005 each", button: "Check locations" },
  business: { title: "Business Status", cost: "About $0.017 each", button: "Check business status" },
};

/** The validators each type runs. */
export const TYPE_CHECKS: Record<
  ValidationType,
  readonly ("website" | "phone" | "address" | "location" | "business")[]
> = {
  website: ["website"],
  phone: ["phone"],
  location: ["location"],
  address: ["address"],
  free: ["website", "phone", "address"],
  business: ["business"],
};

/** A second validation run while one is queued or running (the queue runs one at a time). */
export const VALIDATION_BUSY = "A validation run is already going on: wait for it to finish, or cancel it.";

/** §8 'Nothing eligible'. */
export const NOTHING_TO_VALIDATE: Record<ValidationType, string> = {
  website: "No websites to validate",
  phone: "No phone numbers to validate",
  location: "No coordinates to validate",
  address: "No Google Maps URLs to validate",
  free: "No websites, phone numbers or Google Maps URLs to validate",
  business: "No activities to validate",
};

const FAILED_NOUN: Record<ValidationType, string> = {
  website: "websites",
  phone: "phone numbers",
  location: "locations",
  address: "addresses",
  free: "activities",
  business: "business statuses",
};

/** §8 'Validation failed' description. */
export function validationFailedMessage(type: ValidationType): string {
  return `Failed to validate ${FAILED_NOUN[type]}. Please try again.`;
}

// --- Review (admin §6, §9) ---

/** The longest review note, on the tab's form and in the mark-reviewed call. */
export const REVIEW_NOTES_MAX = 2000;

/** A review is recorded under this label, not the signed-in user (admin §6). */
export const REVIEWER_LABEL = "Admin";

/** Preview lists (coordinate sync, address correction) show this many (admin §9). */
export const PREVIEW_LIMIT = 10;

/** The first `limit` items and how many are left out. */
export function previewList<T>(items: readonly T[], limit = PREVIEW_LIMIT): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}
