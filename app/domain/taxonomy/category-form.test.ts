import { describe, expect, it } from "vitest";
import {
  CATEGORY_MESSAGES,
  CategorySchema,
  RESERVED_CATEGORY_NAMES,
  categoryDeleteConfirmation,
  categoryRenameRefusal,
} from "./category-form";
import { ALL_CATEGORIES } from "../pages/filters";
import { CATEGORY_NAMES, FALLBACK_CATEGORY } from "./taxonomy";
import { schemaErrors } from "../../../tests/helpers/form-errors";

const errorsOf = (input: Record<string, unknown>) => schemaErrors(CategorySchema, input);

describe("category form", () => {
  it("reads a form with icons as site paths or URLs", () => {
    expect(
      CategorySchema.parse({
        name: " Food Trucks ",
        color: "orange",
        icon: "/icons/categories/food.svg",
        filterIcon: "/icons/filters/food.svg",
        pinIcon: "https://cdn.example/pin.svg",
        description: "",
      }),
    ).toEqual({
      name: "Food Trucks",
      color: "orange",
      icon: "/icons/categories/food.svg",
      filterIcon: "/icons/filters/food.svg",
      pinIcon: "https://cdn.example/pin.svg",
      description: "",
    });
    expect(CategorySchema.parse({ name: "Spas" })).toMatchObject({ color: "gray", filterIcon: "", pinIcon: "" });
  });

  it("requires a name with letters, not the filter bar's 'All'", () => {
    expect(errorsOf({ name: "" }).name).toEqual([CATEGORY_MESSAGES.nameRequired]);
    expect(errorsOf({}).name).toEqual([CATEGORY_MESSAGES.nameRequired]);
    expect(errorsOf({ name: "!?!" }).name).toEqual([CATEGORY_MESSAGES.nameNeedsLetters]);
    expect(errorsOf({ name: "all" }).name).toEqual([CATEGORY_MESSAGES.nameReserved]);
  });

  it("wants URLs for the filter and pin icons", () => {
    expect(errorsOf({ name: "Spas", filterIcon: "spa icon", pinIcon: "javascript:alert(1)" })).toEqual({
      filterIcon: [CATEGORY_MESSAGES.filterIcon],
      pinIcon: [CATEGORY_MESSAGES.pinIcon],
    });
  });

  it("keeps the fallback category's name: it can be edited and deleted, not renamed", () => {
    expect(categoryRenameRefusal(FALLBACK_CATEGORY, "Misc")).toBe(CATEGORY_MESSAGES.fallbackRename);
    expect(categoryRenameRefusal(FALLBACK_CATEGORY, FALLBACK_CATEGORY)).toBeNull();
    expect(categoryRenameRefusal("Parks", "Green Spaces")).toBeNull();
  });

  it("says in the delete confirmation where the activities go", () => {
    expect(categoryDeleteConfirmation("Parks", 12)).toBe(
      'Are you sure you want to delete "Parks"? Its 12 activities move to "Other". It stays in the trash for 30 days: restore it from Recent changes.',
    );
    expect(categoryDeleteConfirmation("Parks", 1)).toContain('Its 1 activity moves to "Other".');
    expect(categoryDeleteConfirmation("Spas", 0)).toBe(
      'Are you sure you want to delete "Spas"? It stays in the trash for 30 days: restore it from Recent changes.',
    );
    expect(categoryDeleteConfirmation(FALLBACK_CATEGORY, 3)).toContain(
      'Its 3 activities keep "Other" as their category.',
    );
  });
});

describe("the built-in category list", () => {
  it("keeps the filter bar's 'All' reserved and out of the categories, and ends with the fallback category", () => {
    expect(RESERVED_CATEGORY_NAMES).toContain(ALL_CATEGORIES);
    expect(CATEGORY_NAMES).not.toContain(ALL_CATEGORIES);
    expect(CATEGORY_NAMES.at(-1)).toBe(FALLBACK_CATEGORY);
  });
});
