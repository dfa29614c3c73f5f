// The Cities, Tags and Categories data rules against a real database (PGlite, or PostgreSQL with DATABASE_URL).
import { describe, expect, it } from "vitest";
import {
  countCities,
  createCity,
  deleteCity,
  getCityWithActivityCount,
  searchCities,
  setCityShowPhotos,
  updateCity,
} from "~/data/cities.server";
import {
  createCategory,
  deleteCategory,
  getCategoryWithActivityCount,
  listCategoriesWithActivityCounts,
  updateCategory,
} from "~/data/categories.server";
import { createTag, deleteTag, listTagsWithActivityCounts, updateTag } from "~/data/tags.server";
import { CategorySchema } from "~/domain/taxonomy/category-form";
import { CitySchema, CityUpdateSchema } from "~/domain/taxonomy/city-form";
import { TagSchema } from "~/domain/taxonomy/tag-form";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("seeded");

const newCity = CitySchema.parse({
  id: "test-ville",
  name: "Testville",
  displayName: "Testville Springs",
  country: "United States",
  state: "Oregon",
  stateCode: "OR",
  description: "A quiet riverside town.",
  centerLatitude: "44.05",
  centerLongitude: "-123.09",
  radius: "not a number",
});

describe("cities", () => {
  it("searches name, display name, state and description in any case, in SQL", async () => {
    const byName = await searchCities("NASHVILLE");
    expect(byName.map((c) => c.id)).toContain("nashville");
    const byState = await searchCities("tennessee");
    expect(byState.length).toBeGreaterThanOrEqual(2);
    expect(
      byState.every((c) => c.state === "Tennessee" || /tennessee/i.test(`${c.name} ${c.displayName} ${c.description}`)),
    ).toBe(true);
    const byDescription = await searchCities("honky-tonks");
    expect(byDescription.map((c) => c.id)).toEqual(["nashville"]);
    expect(await searchCities("zzz-no-such-city")).toEqual([]);
    const all = await searchCities("");
    expect(all.length).toBe(await countCities());
    expect(all.find((c) => c.id === "nashville")!.activityCount).toBeGreaterThan(0);
  });

  it("creates a city with the 60-mile fallback radius and refuses a taken City ID", async () => {
    const before = await countCities();
    const created = await createCity(newCity);
    expect(created.ok).toBe(true);
    expect(await countCities()).toBe(before + 1);
    const stored = await getCityWithActivityCount("test-ville");
    expect(stored).toMatchObject({ radius: 60, showPhotos: 1, activityCount: 0, stateCode: "OR" });
    const again = await createCity({ ...newCity, name: "Another" });
    expect(again).toEqual({
      ok: false,
      reason: "conflict",
      field: "id",
      message: "A city with this ID already exists",
    });
    expect((await deleteCity("test-ville")).ok).toBe(true);
  });

  it("updates every field but the City ID, and toggles show-photos", async () => {
    // Each test makes the city it needs, so they hold in any order.
    expect((await createCity({ ...newCity, id: "update-ville" })).ok).toBe(true);
    const { id: _id, ...fields } = newCity;
    const input = CityUpdateSchema.parse({
      ...fields,
      displayName: "Testville",
      radius: 25,
      showPhotos: 0,
      metaTitle: "Visit Testville",
    });
    const updated = await updateCity("update-ville", input);
    expect(updated.ok && updated.value).toMatchObject({
      id: "update-ville",
      displayName: "Testville",
      radius: 25,
      showPhotos: 0,
      metaTitle: "Visit Testville",
    });
    expect(await updateCity("no-such-city", input)).toEqual({ ok: false, reason: "not-found" });
    expect((await setCityShowPhotos("update-ville", 1)).ok).toBe(true);
    expect((await getCityWithActivityCount("update-ville"))!.showPhotos).toBe(1);
    expect(await setCityShowPhotos("no-such-city", 1)).toEqual({ ok: false, reason: "not-found" });
    expect((await deleteCity("update-ville")).ok).toBe(true);
  });

  it("refuses to delete a city that still has activities, saying how many; deletes an empty one", async () => {
    const nashville = (await getCityWithActivityCount("nashville"))!;
    const refused = await deleteCity("nashville");
    expect(refused).toEqual({
      ok: false,
      reason: "in-use",
      count: nashville.activityCount,
      message: `Nashville still has ${nashville.activityCount} activities. Move or delete them before deleting the city.`,
    });
    expect(await getCityWithActivityCount("nashville")).not.toBeNull();
    expect(await database.prisma.activity.count({ where: { cityId: "nashville" } })).toBe(nashville.activityCount);

    expect((await createCity({ ...newCity, id: "empty-ville" })).ok).toBe(true);
    expect((await deleteCity("empty-ville")).ok).toBe(true);
    expect(await getCityWithActivityCount("empty-ville")).toBeNull();
    expect(await deleteCity("empty-ville")).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("tags", () => {
  it("creates a gray tag by default and keeps names unique in any case", async () => {
    const created = await createTag(TagSchema.parse({ name: "Foodie" }));
    expect(created.ok && created.value).toMatchObject({ name: "Foodie", color: "gray" });
    expect(await createTag(TagSchema.parse({ name: "foodie" }))).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "A tag with this name already exists",
    });
    const music = (await listTagsWithActivityCounts()).find((t) => t.name === "Music")!;
    const clash = await updateTag(music.id, TagSchema.parse({ name: "FOODIE" }));
    expect(clash).toMatchObject({ ok: false, reason: "conflict" });
    const renamed = await updateTag(music.id, TagSchema.parse({ name: "Music", color: "blue", icon: "🎵" }));
    expect(renamed.ok && renamed.value).toMatchObject({ name: "Music", color: "blue", icon: "🎵" });
    expect(await updateTag(999999, TagSchema.parse({ name: "Ghost" }))).toEqual({ ok: false, reason: "not-found" });
  });

  it("deletes a tag and takes it off its activities (the relation cascades)", async () => {
    const tags = await listTagsWithActivityCounts();
    const used = tags.filter((t) => t.activityCount > 0).sort((a, b) => b.activityCount - a.activityCount)[0]!;
    const activitiesBefore = await database.prisma.activity.count();
    const deleted = await deleteTag(used.id);
    expect(deleted.ok && deleted.value.activityCount).toBe(used.activityCount);
    expect(await database.prisma.activityTag.count({ where: { tagId: used.id } })).toBe(0);
    expect(await database.prisma.activity.count()).toBe(activitiesBefore);
    expect(await deleteTag(used.id)).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("categories", () => {
  it("derives a unique slug and refuses a taken name or slug", async () => {
    const created = await createCategory(
      CategorySchema.parse({ name: "Food Trucks", pinIcon: "/icons/pins/default.svg" }),
    );
    expect(created.ok && created.value).toMatchObject({ name: "Food Trucks", slug: "food-trucks", color: "gray" });
    const list = await listCategoriesWithActivityCounts();
    expect(list.at(-1)!.name).toBe("Food Trucks");
    expect(await createCategory(CategorySchema.parse({ name: "food trucks" }))).toMatchObject({
      reason: "conflict",
      message: "A category with this name already exists",
    });
    expect(await createCategory(CategorySchema.parse({ name: "Food-Trucks!" }))).toMatchObject({
      reason: "conflict",
      message: 'Another category already uses the URL slug "food-trucks"',
    });
  });

  it("renames a category on its activities in the same transaction", async () => {
    const parks = (await listCategoriesWithActivityCounts()).find((c) => c.name === "Parks")!;
    expect(parks.activityCount).toBeGreaterThan(0);
    const updated = await updateCategory(parks.id, CategorySchema.parse({ ...parks, name: "Parks & Gardens" }));
    expect(updated.ok && updated.value).toMatchObject({
      name: "Parks & Gardens",
      slug: "parks-and-gardens",
      renamedActivities: parks.activityCount,
    });
    expect(await database.prisma.activity.count({ where: { category: "Parks" } })).toBe(0);
    expect(await database.prisma.activity.count({ where: { category: "Parks & Gardens" } })).toBe(parks.activityCount);
    expect((await getCategoryWithActivityCount(parks.id))!.activityCount).toBe(parks.activityCount);
  });

  it("rolls the rename back when the new name is taken", async () => {
    const museums = (await listCategoriesWithActivityCounts()).find((c) => c.name === "Museums")!;
    const clash = await updateCategory(museums.id, CategorySchema.parse({ ...museums, name: "Tours" }));
    expect(clash).toMatchObject({ ok: false, reason: "conflict" });
    expect(await database.prisma.activity.count({ where: { category: "Museums" } })).toBe(museums.activityCount);
  });

  it("moves the activities of a deleted category to Other; Other keeps its name and its activities", async () => {
    const list = await listCategoriesWithActivityCounts();
    const shopping = list.find((c) => c.name === "Shopping")!;
    const otherBefore = list.find((c) => c.name === "Other")!.activityCount;
    const deleted = await deleteCategory(shopping.id);
    expect(deleted.ok && deleted.value.movedActivities).toBe(shopping.activityCount);
    expect(await database.prisma.category.findUnique({ where: { id: shopping.id } })).toBeNull();
    expect(await database.prisma.activity.count({ where: { category: "Shopping" } })).toBe(0);
    expect(await database.prisma.activity.count({ where: { category: "Other" } })).toBe(
      otherBefore + shopping.activityCount,
    );

    const other = list.find((c) => c.name === "Other")!;
    expect(await updateCategory(other.id, CategorySchema.parse({ ...other, name: "Misc" }))).toMatchObject({
      ok: false,
      reason: "refused",
    });
    const recoloured = await updateCategory(other.id, CategorySchema.parse({ ...other, color: "red" }));
    expect(recoloured.ok && recoloured.value.color).toBe("red");
    expect(await deleteCategory(shopping.id)).toEqual({ ok: false, reason: "not-found" });
    const otherCount = await database.prisma.activity.count({ where: { category: "Other" } });
    const otherDeleted = await deleteCategory(other.id);
    expect(otherDeleted.ok && otherDeleted.value.movedActivities).toBe(0);
    expect(await database.prisma.activity.count({ where: { category: "Other" } })).toBe(otherCount);
  });
});
