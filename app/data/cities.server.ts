// Queries and writes of the City table.
import type { City, Prisma } from "~/generated/prisma/client";
import type { CityInput, CityUpdateInput } from "~/domain/taxonomy/city-form";
import { countOf, pluralize } from "~/domain/counts";
import { nearestCity, type LatLng } from "~/domain/location/geo";
import { formValuesOf } from "~/domain/admin/row-version";
import { NEAREST_CITY_RATING_THRESHOLD } from "~/domain/pages/home";
import { db, type Tx } from "./db.server";
import { recordEntry, trashRow } from "./history.server";
import { changedSince, changedSinceMessage, diffColumns, revertValues, type Changes } from "~/domain/admin/history";
import { insensitiveContains } from "./like.server";
import { isForeignKeyViolation, isUniqueViolation, type Outcome, type Refusal, type Writer } from "./outcome.server";
import { isBehind, STAMP, staleRefusal, versionCondition } from "./row-version.server";
import { cachedReference } from "./reference-cache.server";

export async function listCities() {
  const prisma = await db();
  return prisma.city.findMany({ orderBy: [{ state: "asc" }, { displayName: "asc" }] });
}

/** Every city by id, kept in memory (app/data/reference-cache.server.ts): each public page starts with one. */
function citiesById() {
  return cachedReference("citiesById", async () => {
    // Public pages start here, and may send what they read to the browser: never who last edited a row.
    const cities = await (await db()).city.findMany({ omit: { updatedBy: true } });
    return new Map(cities.map((city) => [city.id, city]));
  });
}

export async function getCity(id: string) {
  return (await citiesById()).get(id) ?? null;
}

/** Cities with the number of activities in each, most activities first. */
export async function citiesWithCounts() {
  const prisma = await db();
  const cities = await prisma.city.findMany({ include: { _count: { select: { activities: true } } } });
  return cities
    .map(({ _count, ...city }) => ({ ...city, activityCount: _count.activities }))
    .sort((a, b) => b.activityCount - a.activityCount || a.displayName.localeCompare(b.displayName));
}

// --- Search: the admin Cities tab (name, display name, state, description), the header search (display name
// and name) and Explore Cities (also the state): case-insensitive substring matching in SQL. ---

type CityField = "name" | "displayName" | "state" | "description";
const cityRef = { id: true, name: true, displayName: true, state: true, stateCode: true, country: true } as const;

/** Where the header search and the search page look for a city (public-site §5 "Search"). */
export const CITY_SEARCH_FIELDS = ["displayName", "name"] as const satisfies readonly CityField[];

/** Cities whose `fields` contain `query` (any case), with their activity counts. */
export async function searchCities(
  query: string,
  {
    fields = ["name", "displayName", "state", "description"],
    limit,
    orderBy = "displayName",
    whenEmpty = "all",
  }: {
    /** Where to look; the admin Cities tab looks in all four (admin §2). */
    fields?: readonly CityField[];
    limit?: number;
    orderBy?: "displayName" | "state";
    /** What an empty query finds: the admin list and Explore Cities show every city, suggestions none. */
    whenEmpty?: "all" | "none";
  } = {},
) {
  const q = query.trim();
  if (q === "" && whenEmpty === "none") return [];
  const prisma = await db();
  const where: Prisma.CityWhereInput = q ? { OR: fields.map((field) => ({ [field]: insensitiveContains(q) })) } : {};
  const cities = await prisma.city.findMany({
    where,
    orderBy: orderBy === "state" ? [{ state: "asc" }, { displayName: "asc" }] : [{ displayName: "asc" }, { id: "asc" }],
    include: { _count: { select: { activities: true } } },
    take: limit,
  });
  return cities.map(({ _count, ...city }) => ({ ...city, activityCount: _count.activities }));
}

/** Explore Cities (public-site §2): every city, or those whose name, display name or state has the text. */
export async function exploreCities(query: string) {
  const cities = await searchCities(query, { fields: ["displayName", "name", "state"], orderBy: "state" });
  return cities.map(({ id, name, displayName, state, stateCode, country, activityCount }) => ({
    id,
    name,
    displayName,
    state,
    stateCode,
    country,
    activityCount,
  }));
}

// --- Admin: Cities tab and /api/cities (spec/admin.md §2 "Cities tab", §7 "Cities") ---


export async function countCities() {
  const prisma = await db();
  return prisma.city.count();
}

export async function getCityWithActivityCount(id: string) {
  const prisma = await db();
  const city = await prisma.city.findUnique({ where: { id }, include: { _count: { select: { activities: true } } } });
  if (!city) return null;
  const { _count, ...rest } = city;
  return { ...rest, activityCount: _count.activities };
}

const CITY_ID_TAKEN = "A city with this ID already exists";

export async function createCity(input: CityInput, writer?: Writer): Promise<Outcome<City>> {
  const prisma = await db();
  const taken: Refusal = { ok: false, reason: "conflict", field: "id", message: CITY_ID_TAKEN };
  try {
    return await prisma.$transaction(async (tx) => {
      if (await tx.city.findUnique({ where: { id: input.id }, select: { id: true } })) return taken;
      const city = await tx.city.create({ data: { ...input, updatedBy: writer?.by ?? null } });
      await recordCity(tx, null, city);
      return { ok: true as const, value: city };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
}

/**
 * Replaces every editable field of a city (the City ID stays). With the writer's version, only if the row is still
 * at it (a guarded write): else the stale refusal, nothing written.
 */
export async function updateCity(id: string, input: CityUpdateInput, writer?: Writer): Promise<Outcome<City>> {
  const prisma = await db();
  return prisma.$transaction(async (tx): Promise<Outcome<City>> => {
    const current = await tx.city.findUnique({ where: { id } });
    if (!current) return { ok: false, reason: "not-found" } as const;
    if (isBehind(writer, current)) return staleRefusal("city", current);
    // A different image loses the credit of the one it replaces (an Unsplash photo's photographer).
    const credit =
      input.featuredImageUrl === current.featuredImageUrl
        ? {}
        : { featuredImageCreditName: null, featuredImageCreditUrl: null };
    const { count } = await tx.city.updateMany({
      where: { id, ...versionCondition(writer) },
      data: { ...input, ...credit, updatedBy: writer?.by ?? null },
    });
    if (count === 0) {
      const now = await tx.city.findUnique({ where: { id }, select: STAMP });
      return now ? staleRefusal("city", now) : { ok: false, reason: "not-found" };
    }
    const city = await tx.city.findUniqueOrThrow({ where: { id } });
    await recordCity(tx, current, city);
    return { ok: true as const, value: city };
  });
}

/** The fields of the Edit City form (the City ID is fixed). */
const CITY_FORM_FIELDS = [
  "name",
  "displayName",
  "country",
  "state",
  "stateCode",
  "description",
  "centerLatitude",
  "centerLongitude",
  "radius",
  "metaTitle",
  "metaDescription",
  "showPhotos",
  "featuredImageUrl",
] as const;

/** A city as its edit form shows it, with its version (null when there is no such city). */
export async function cityFormState(id: string) {
  const city = await (await db()).city.findUnique({ where: { id } });
  return city && { city, version: city.version, values: formValuesOf(city, CITY_FORM_FIELDS) };
}

/** A city's version stamp (the ETag of GET /api/cities/{id}, the edit form's opening version). */
export async function cityStamp(id: string) {
  return (await db()).city.findUnique({ where: { id }, select: STAMP });
}

/** Sets a city's featured image and its credit (null for none). */
export async function setCityFeaturedImage(
  id: string,
  image: { url: string; creditName: string | null; creditUrl: string | null },
  by?: string,
): Promise<Outcome<City>> {
  return updateCityColumns(
    id,
    {
      featuredImageUrl: image.url,
      featuredImageCreditName: image.creditName,
      featuredImageCreditUrl: image.creditUrl,
    },
    { by },
  );
}

export async function setCityShowPhotos(id: string, showPhotos: 0 | 1, by?: string): Promise<Outcome<City>> {
  return updateCityColumns(id, { showPhotos }, { by });
}

/** Sets some columns of a city, recorded in its history (the featured image, the photos switch, an undo). */
export async function updateCityColumns(
  id: string,
  data: Prisma.CityUpdateInput,
  { action = "update", by }: { action?: "update" | "revert"; by?: string } = {},
): Promise<Outcome<City>> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const current = await tx.city.findUnique({ where: { id } });
    if (!current) return { ok: false, reason: "not-found" } as const;
    const city = await tx.city.update({ where: { id }, data: { ...data, updatedBy: by ?? null } });
    await recordCity(tx, current, city, action);
    return { ok: true as const, value: city };
  });
}

async function recordCity(
  tx: Tx,
  before: City | null,
  after: City | null,
  action?: "update" | "revert" | "delete" | "restore",
) {
  const row = (after ?? before)!;
  return recordEntry(tx, {
    entity: "city",
    entityId: row.id,
    action: action ?? (before ? (after ? "update" : "delete") : "create"),
    label: row.displayName,
    changes: diffColumns(before, after),
  });
}

export function cityInUseMessage(displayName: string, count: number): string {
  return `${displayName} still has ${countOf(count, "activity", "activities")}. Move or delete ${pluralize(count, "it", "them")} before deleting the city.`;
}

/**
 * Deletes a city that has no activities; the schema restricts deleting one that has (nothing is cascaded). With the
 * writer's version (DELETE with If-Match), only if the row is still at it.
 */
export async function deleteCity(id: string, writer?: Writer): Promise<Outcome<City>> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx): Promise<Outcome<City>> => {
      const city = await tx.city.findUnique({ where: { id }, include: { _count: { select: { activities: true } } } });
      if (!city) return { ok: false, reason: "not-found" } as const;
      if (isBehind(writer, city)) return staleRefusal("city", city);
      const count = city._count.activities;
      if (count > 0) return { ok: false, reason: "in-use", count, message: cityInUseMessage(city.displayName, count) } as const;
      const { count: deleted } = await tx.city.deleteMany({ where: { id, ...versionCondition(writer) } });
      if (deleted === 0) {
        const now = await tx.city.findUnique({ where: { id }, select: STAMP });
        return now ? staleRefusal("city", now) : { ok: false, reason: "not-found" };
      }
      const { _count: _activities, ...row } = city;
      const entryId = await recordCity(tx, row, null);
      await trashRow(tx, { entity: "city", entityId: id, label: row.displayName, data: { city: row }, entryId });
      return { ok: true as const, value: row };
    });
  } catch (error) {
    // An activity added between the count and the delete: the foreign key refuses, say the same thing.
    if (isForeignKeyViolation(error)) {
      const city = await getCityWithActivityCount(id);
      if (city) return { ok: false, reason: "in-use", count: city.activityCount, message: cityInUseMessage(city.displayName, city.activityCount) };
    }
    throw error;
  }
}

/** Undoes an edit of a city (its old values back, a 'revert' entry); refused when it changed again since. */
export async function revertCityChange(id: string, changes: Changes): Promise<Outcome<City>> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const current = await tx.city.findUnique({ where: { id } });
    if (!current) return { ok: false, reason: "not-found" } as const;
    const since = changedSince(changes, current);
    if (since.length > 0) return { ok: false, reason: "refused", message: changedSinceMessage(current.displayName, since) } as const;
    const city = await tx.city.update({ where: { id }, data: revertValues(changes) as Prisma.CityUpdateInput });
    await recordCity(tx, current, city, "revert");
    return { ok: true as const, value: city };
  });
}

/** What the trash keeps of a city. */
export type TrashedCity = { city: Omit<City, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string } };

/** Puts a trashed city back as it was; refused when a city took its ID meanwhile. */
export async function restoreCityRow(tx: Tx, data: TrashedCity): Promise<Outcome<City>> {
  if (await tx.city.findUnique({ where: { id: data.city.id }, select: { id: true } })) {
    return { ok: false, reason: "conflict", field: "id", message: CITY_ID_TAKEN };
  }
  const city = await tx.city.create({ data: data.city });
  await recordCity(tx, null, city, "restore");
  return { ok: true, value: city };
}

// --- Public read API (GET /api/cities, /api/cities-with-counts) and the city hub. ---

type CityRow = NonNullable<Awaited<ReturnType<typeof getCity>>>;

/** The documented city shape: centre coordinates as strings, like an activity's. */
export function toPublicCity({
  createdAt: _c,
  updatedAt: _u,
  version: _v,
  updatedBy: _b,
  ...city
}: CityRow & { updatedBy?: string | null }) {
  return { ...city, centerLatitude: String(city.centerLatitude), centerLongitude: String(city.centerLongitude) };
}

export async function countActivitiesInCity(cityId: string) {
  const prisma = await db();
  return prisma.activity.count({ where: { cityId } });
}

// --- Home (public-site §2 "Home", §4 "Home location flow"): the nearest eligible city and the top destinations. ---

const homeCity = { ...cityRef, centerLatitude: true, centerLongitude: true } as const;

/**
 * Cities having at least one activity rated 4 or more: one query, kept in memory until the data changes (any
 * location's home page needs it, so a visitor's coordinates cost no scan).
 */
export async function citiesEligibleForNearest() {
  return cachedReference("citiesEligibleForNearest", async () => {
    const prisma = await db();
    return prisma.city.findMany({
      where: { activities: { some: { googleRating: { gte: NEAREST_CITY_RATING_THRESHOLD } } } },
      select: homeCity,
      orderBy: { id: "asc" },
    });
  });
}

export async function nearestEligibleCity(point: LatLng) {
  const cities = await citiesEligibleForNearest();
  return nearestCity(point, cities, new Set(cities.map((c) => c.id)));
}

export async function getHomeCity(id: string) {
  const prisma = await db();
  return prisma.city.findUnique({ where: { id }, select: homeCity });
}

/** The cities with the most activities: a grouped count in SQL, kept in memory until the data changes. */
export async function topDestinations(limit: number) {
  return cachedReference(`topDestinations:${limit}`, async () => {
    const prisma = await db();
    const cities = await prisma.city.findMany({
      select: { ...homeCity, description: true, featuredImageUrl: true, _count: { select: { activities: true } } },
      orderBy: [{ activities: { _count: "desc" } }, { displayName: "asc" }],
      take: limit,
    });
    return cities.map(({ _count, ...city }) => ({ ...city, activityCount: _count.activities }));
  });
}
