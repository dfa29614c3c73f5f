// No silent overwrites (issue #24; docs/decisions/015-row-versions.md): each row an admin edits carries a version,
// moved by one on every write. A form or an If-Match request names the version it read; a write against a newer one
// is refused. These are the rules about versions that need no database: the words, the ETag, the fields to review.

/** What the admin edits, in the words the conflict message uses ('Someone else changed this activity …'). */
export type VersionedEntity =
  "activity" | "city" | "tag" | "category" | "seo" | "scripts" | "photoSettings" | "ratingRefresh";

const ENTITY_WORDS: Record<VersionedEntity, string> = {
  activity: "this activity",
  city: "this city",
  tag: "this tag",
  category: "this category",
  seo: "these SEO settings",
  scripts: "these scripts",
  photoSettings: "these photo settings",
  ratingRefresh: "the scheduled rating refresh",
};

/** Who changed a row last and when: the row's version, updatedAt and updatedBy. */
export type VersionStamp = { version: number; updatedAt: Date | string; updatedBy: string | null };

/** The time of a change as the message shows it: to the second, in UTC ('Nov 28, 2026, 01:05:09 UTC'). */
export function changeTime(at: Date | string): string {
  const date = typeof at === "string" ? new Date(at) : at;
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(date);
  return `${text} UTC`;
}

function changedAt(entity: VersionedEntity, stamp: Omit<VersionStamp, "version">): string {
  const who = stamp.updatedBy ? ` (${stamp.updatedBy})` : "";
  return `Someone else changed ${ENTITY_WORDS[entity]} at ${changeTime(stamp.updatedAt)}${who}.`;
}

/** The form's message when its save met a newer version (nothing was written). */
export function staleFormMessage(entity: VersionedEntity, stamp: Omit<VersionStamp, "version">): string {
  return `${changedAt(entity, stamp)} Review their changes below, then save again.`;
}

/** The API's 412 message: the If-Match version is not the row's. */
export function stalePreconditionMessage(entity: VersionedEntity, stamp: VersionStamp): string {
  return `${changedAt(entity, stamp)} Its ETag is now ${versionETag(stamp.version)}: read it again, then send If-Match with that ETag.`;
}

/**
 * A row's version as an HTTP entity tag: weak, since the JSON of a version can still differ in what it shows of
 * other rows (an activity's tag names follow a renamed tag).
 */
export function versionETag(version: number): string {
  return `W/"v${version}"`;
}

/**
 * Whether an If-Match header lets a write to a row at `version` go ahead: `*`, or any listed tag naming the
 * version (`W/"v3"`, `"v3"` or `"3"`; weak or strong alike, as proxies may weaken a tag). A header naming no
 * version of ours does not match.
 */
export function ifMatchAllows(header: string, version: number): boolean {
  const trimmed = header.trim();
  if (trimmed === "*") return true;
  return trimmed.split(",").some((tag) => versionOfTag(tag) === version);
}

/** The version an entity tag names, or null. */
export function versionOfTag(tag: string): number | null {
  const match = /^(?:W\/)?"v?(\d{1,9})"$/.exec(tag.trim());
  return match ? Number(match[1]) : null;
}

/** The version a form posted (its hidden `version` field), or null when there is none or it is not a version. */
export function postedVersion(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const version = Number(value);
  return version >= 1 ? version : null;
}

/** A form's values: text boxes, selects and checkbox groups (the form kit's shapes). */
export type FormValues = Readonly<Record<string, string | readonly string[] | null | undefined>>;

function same(a: FormValues[string], b: FormValues[string]): boolean {
  const norm = (v: FormValues[string]) =>
    Array.isArray(v) ? [...(v as readonly string[])].sort().join("\u0000") : String(v ?? "").trim();
  return norm(a) === norm(b);
}

/** A stored value as the conflict note shows it: a list joined by commas, an empty one as '(empty)'. */
export function shownValue(value: FormValues[string]): string {
  const text = Array.isArray(value) ? (value as readonly string[]).join(", ") : String(value ?? "").trim();
  return text === "" ? "(empty)" : text;
}

/**
 * The fields to review after a refused save, each with the value now stored ('the other value'): those the other
 * writer changed since the form was opened (`theirs` differs from `opened`), unless the admin typed the same. When
 * the values the form was opened with are unknown, every field whose stored value differs from the admin's.
 * Only the form's own fields (`fields`) count.
 */
export function changedFields(
  fields: readonly string[],
  { mine, theirs, opened }: { mine: FormValues; theirs: FormValues; opened: FormValues | null },
): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const field of fields) {
    const changedByThem = opened ? !same(theirs[field], opened[field]) : true;
    if (changedByThem && !same(theirs[field], mine[field])) changed[field] = shownValue(theirs[field]);
  }
  return changed;
}

/**
 * Whether a save whose version is behind may still go ahead: the other writes since the form was opened changed
 * none of the form's fields (a Google rating or photos refreshed meanwhile), so writing the form loses nothing.
 * Unknown opening values never let it.
 */
export function onlyOtherFieldsChanged(
  fields: readonly string[],
  { theirs, opened }: { theirs: FormValues; opened: FormValues | null },
): boolean {
  return opened !== null && fields.every((field) => same(theirs[field], opened[field]));
}

/** The opening values a form posted (its hidden `opened` field, JSON), or null when absent or not an object. */
export function postedOpenedValues(value: unknown): FormValues | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const values: Record<string, string | string[]> = {};
    for (const [key, v] of Object.entries(parsed)) {
      if (typeof v === "string") values[key] = v;
      else if (Array.isArray(v) && v.every((x) => typeof x === "string")) values[key] = v as string[];
    }
    return values;
  } catch {
    return null;
  }
}

/**
 * What an edit form carries of the row it was opened from: its version and its values then (hidden fields), and,
 * after a refused save, the fields someone else changed with their values, to mark.
 */
export type VersionState = {
  version: number | null;
  opened: FormValues | null;
  changes?: Record<string, string>;
};

/** A row's fields as a form shows them: text as it is, numbers as text, null as an empty box. */
export function formValuesOf<K extends string>(
  row: Readonly<Record<K, string | number | boolean | null>>,
  fields: readonly K[],
): Record<K, string> {
  return Object.fromEntries(fields.map((f) => [f, row[f] === null ? "" : String(row[f])])) as Record<K, string>;
}
