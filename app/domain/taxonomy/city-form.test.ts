import { describe, expect, it } from "vitest";
import { CITY_MESSAGES, CitySchema, CityUpdateSchema, cityRadius } from "./city-form";
import { schemaErrors } from "../../../tests/helpers/form-errors";

const valid = {
  id: "new-york",
  name: "New York",
  displayName: "New York City",
  country: "United States",
  state: "New York",
  stateCode: "NY",
  description: "The city that never sleeps.",
  centerLatitude: "40.7128",
  centerLongitude: "-74.0060",
  radius: "25",
};

const errorsOf = (input: Record<string, unknown>) => schemaErrors(CitySchema, input);

describe("city form", () => {
  it("reads a form submission: numbers from strings, empty optionals as null, photos on by default", () => {
    const city = CitySchema.parse({ ...valid, metaTitle: "  ", featuredImageUrl: "" });
    expect(city).toMatchObject({
      id: "new-york",
      centerLatitude: 40.7128,
      centerLongitude: -74.006,
      radius: 25,
      showPhotos: 1,
    });
    expect(city.metaTitle).toBeNull();
    expect(city.featuredImageUrl).toBeNull();
  });

  it("reads a JSON body with numbers and showPhotos 1 or 0", () => {
    const city = CitySchema.parse({ ...valid, centerLatitude: 40.7, centerLongitude: -74, radius: 30, showPhotos: 0 });
    expect(city).toMatchObject({ centerLatitude: 40.7, centerLongitude: -74, radius: 30, showPhotos: 0 });
  });

  it("gives every required field its message when the form is empty", () => {
    const errors = errorsOf({
      id: "",
      name: "",
      displayName: " ",
      country: "",
      state: "",
      description: "",
      centerLatitude: "",
      centerLongitude: "",
    });
    expect(errors).toEqual({
      id: [CITY_MESSAGES.idRequired],
      name: [CITY_MESSAGES.nameRequired],
      displayName: [CITY_MESSAGES.displayNameRequired],
      country: [CITY_MESSAGES.countryRequired],
      state: [CITY_MESSAGES.stateRequired],
      description: [CITY_MESSAGES.descriptionRequired],
      centerLatitude: ["Center latitude is required"],
      centerLongitude: ["Center longitude is required"],
    });
    // A JSON body that leaves the fields out gets the same messages.
    expect(Object.keys(errorsOf({})).sort()).toEqual(
      ["centerLatitude", "centerLongitude", "country", "description", "displayName", "id", "name", "state"].sort(),
    );
    expect(errorsOf({}).name).toEqual([CITY_MESSAGES.nameRequired]);
  });

  it("accepts only slug-like city IDs", () => {
    for (const id of ["nashville", "new-york", "st-louis-2", "a"])
      expect(errorsOf({ ...valid, id }).id, id).toBeUndefined();
    for (const id of ["New-York", "new york", "new_york", "-nyc", "nyc-", "new--york", "café"]) {
      expect(errorsOf({ ...valid, id }).id, id).toEqual([CITY_MESSAGES.idFormat]);
    }
    expect(errorsOf({ ...valid, id: "a".repeat(61) }).id).toEqual([CITY_MESSAGES.idTooLong]);
    expect(errorsOf({ ...valid, id: "admin" }).id).toEqual([CITY_MESSAGES.idReserved]);
  });

  it("checks the centre is a real coordinate", () => {
    expect(errorsOf({ ...valid, centerLatitude: "north" }).centerLatitude).toEqual([
      "Center latitude must be a number",
    ]);
    expect(errorsOf({ ...valid, centerLongitude: "abc" }).centerLongitude).toEqual([
      "Center longitude must be a number",
    ]);
    expect(errorsOf({ ...valid, centerLatitude: "91" }).centerLatitude).toEqual([CITY_MESSAGES.latitudeRange]);
    expect(errorsOf({ ...valid, centerLongitude: "-181" }).centerLongitude).toEqual([CITY_MESSAGES.longitudeRange]);
  });

  it("falls back to a 60-mile radius when the radius is not a number", () => {
    expect(cityRadius("abc")).toBe(60);
    expect(cityRadius("")).toBe(60);
    expect(cityRadius(undefined)).toBe(60);
    expect(cityRadius(null)).toBe(60);
    expect(cityRadius("45")).toBe(45);
    expect(cityRadius(12.6)).toBe(13);
    expect(CitySchema.parse({ ...valid, radius: "far" }).radius).toBe(60);
    expect(CitySchema.parse({ ...valid, radius: undefined }).radius).toBe(60);
    expect(errorsOf({ ...valid, radius: "0" }).radius).toEqual([CITY_MESSAGES.radiusPositive]);
  });

  it("reads the show-photos checkbox paired with a hidden 0", () => {
    expect(CitySchema.parse({ ...valid, showPhotos: ["0", "1"] }).showPhotos).toBe(1);
    expect(CitySchema.parse({ ...valid, showPhotos: "0" }).showPhotos).toBe(0);
    expect(errorsOf({ ...valid, showPhotos: 2 }).showPhotos).toBeDefined();
  });

  it("wants a real URL for the featured image", () => {
    expect(errorsOf({ ...valid, featuredImageUrl: "not a url" }).featuredImageUrl).toEqual([
      CITY_MESSAGES.featuredImageUrl,
    ]);
    expect(errorsOf({ ...valid, featuredImageUrl: "javascript:alert(1)" }).featuredImageUrl).toEqual([
      CITY_MESSAGES.featuredImageUrl,
    ]);
    expect(CitySchema.parse({ ...valid, featuredImageUrl: "https://images.example/nyc.jpg" }).featuredImageUrl).toBe(
      "https://images.example/nyc.jpg",
    );
  });

  it("edits without a City ID: it is fixed after creation", () => {
    const { id: _id, ...rest } = valid;
    expect(CityUpdateSchema.parse({ ...rest, id: "ignored" })).not.toHaveProperty("id");
  });
});

describe("show-photos switch", () => {
  it("reads the card's form and words the toasts as the spec does", async () => {
    const { CityPhotoToggleSchema, photoToggleToast, PHOTO_TOGGLE_FAILED } = await import("./city-form");
    expect(CityPhotoToggleSchema.parse({ cityId: "nashville", showPhotos: "0" })).toEqual({
      cityId: "nashville",
      showPhotos: 0,
    });
    expect(CityPhotoToggleSchema.safeParse({ cityId: "nashville", showPhotos: "maybe" }).success).toBe(false);
    expect(photoToggleToast("Nashville", 1)).toEqual({
      title: "Success",
      description: "Photo display enabled for Nashville",
    });
    expect(photoToggleToast("Nashville", 0).description).toBe("Photo display disabled for Nashville");
    expect(PHOTO_TOGGLE_FAILED).toMatchObject({
      title: "Error",
      description: "Failed to update photo display setting",
    });
  });
});
