import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  activityFormSchema,
  activityFormValues,
  activitySchema,
  apiBodyValues,
  BULK_MESSAGES,
  bulkCategorySchema,
  newActivityApiValues,
  phoneHint,
  reviewActivitySchema,
  reviewedActivityInput,
} from "./activity-form";
import { ACTIVITY_MESSAGES as M, activityWrite } from "./activity-record";
import { isAssetUrl as isImageUrl } from "../form-values";
import { checkPhone } from "../data-quality/phone-check";
import { schemaErrors } from "../../../tests/helpers/form-errors";

const choices = {
  categories: ["Museums", "Parks", "Bars & Restaurants"],
  tags: ["Historic", "Outdoors"],
  cityIds: ["nashville", "dubai"],
};
const schema = activitySchema(choices);

const valid = {
  title: "  Ryman Auditorium ",
  category: "Museums",
  excerpt: "The Mother Church of Country Music.",
  image: "https://example.com/ryman.jpg",
  latitude: "36.1612",
  longitude: "-86.7785",
  cityId: "nashville",
  country: "United States",
  state: "Tennessee",
};

const errorsOf = (input: Record<string, unknown>) => schemaErrors(schema, input);

describe("activity schema", () => {
  it("shows every required-field message on an empty form", () => {
    const empty = {
      title: "",
      category: "",
      excerpt: "",
      image: "",
      latitude: "",
      longitude: "",
      cityId: "",
      country: "France",
      state: "",
      address: "",
      website: "",
      phoneNumber: "",
      tags: undefined,
    };
    expect(errorsOf(empty)).toEqual({
      title: [M.titleRequired],
      category: [M.categoryRequired],
      excerpt: [M.excerptRequired],
      image: [M.imageRequired],
      latitude: [M.latitudeRequired],
      longitude: [M.longitudeRequired],
      cityId: [M.cityRequired],
      state: [M.stateRequired],
    });
  });

  it("accepts a valid activity, trims text and fills the defaults", () => {
    const result = schema.parse(valid);
    expect(result).toMatchObject({
      title: "Ryman Auditorium",
      latitude: 36.1612,
      longitude: -86.7785,
      tags: [],
      touristyLevel: "Not available",
      cost: "Not available",
      duration: "Not available",
      photoSource: "original",
    });
    expect(activityWrite(result)).toMatchObject({ slug: "ryman-auditorium", website: null, state: "Tennessee" });
  });

  it("allows 'Other' as a category but not an unknown one", () => {
    expect(errorsOf({ ...valid, category: "Other" })).toEqual({});
    expect(errorsOf({ ...valid, category: "Casinos" })).toEqual({ category: [M.categoryUnknown] });
  });

  it("checks coordinates are numbers in range with any decimal step", () => {
    expect(schema.parse({ ...valid, latitude: "36.161234567", longitude: -86 }).longitude).toBe(-86);
    expect(errorsOf({ ...valid, latitude: "north", longitude: "181" })).toEqual({
      latitude: [M.latitudeInvalid],
      longitude: [M.longitudeInvalid],
    });
  });

  it("checks URLs, the image may be one of the site files", () => {
    expect(isImageUrl("/images/default-activity.svg")).toBe(true);
    expect(isImageUrl("//evil.example/x.png")).toBe(false);
    expect(
      errorsOf({
        ...valid,
        image: "not a url",
        website: "ftp://x.example",
        googleMapsUrl: "maps",
        customPhotoUrl: "x",
      }),
    ).toEqual({
      image: [M.imageInvalid],
      customPhotoUrl: [M.customPhotoUrlInvalid],
    });
  });

  it("stores a website, Google Maps URL, phone or address that looks wrong as given, within its length", () => {
    const doubtful = {
      ...valid,
      website: "ftp://x.example",
      googleMapsUrl: "maps please",
      phoneNumber: "123",
      address: "somewhere",
    };
    expect(schema.parse(doubtful)).toMatchObject({
      website: "ftp://x.example",
      googleMapsUrl: "maps please",
      phoneNumber: "123",
      address: "somewhere",
    });
    expect(Object.keys(errorsOf({ ...valid, website: `https://x.example/${"a".repeat(2100)}` }))).toEqual(["website"]);
    expect(Object.keys(errorsOf({ ...valid, phoneNumber: "1".repeat(51) }))).toEqual(["phoneNumber"]);
  });

  it("hints under the phone field when the number does not parse for the country, the same test as Data Quality", () => {
    expect(phoneHint("(615) 889-3060", "United States")).toBeNull();
    expect(phoneHint("+1 615-889-3060", undefined)).toBeNull();
    expect(phoneHint("", "United States")).toBeNull();
    expect(phoneHint("020 7946 0958", "United Kingdom")).toBeNull();
    expect(phoneHint("123", "United States")).toBe(M.phoneDoubtful("United States"));
    expect(checkPhone("123", "United States").phoneStatus).toBe("invalid_format");
    expect(phoneHint("12345", "Narnia")).toBe(M.phoneDoubtful("United States"));
  });

  it("takes the state from the country list, or free text elsewhere (then required)", () => {
    expect(errorsOf({ ...valid, state: "District of Columbia" })).toEqual({});
    expect(errorsOf({ ...valid, state: "" })).toEqual({});
    // Off the list is stored as given (Data Quality's to flag), not refused.
    expect(schema.parse({ ...valid, country: "Canada", state: "Tennessee" }).state).toBe("Tennessee");
    expect(errorsOf({ ...valid, country: "France", state: "Île-de-France" })).toEqual({});
    expect(errorsOf({ ...valid, country: "France", state: " " })).toEqual({ state: [M.stateRequired] });
    expect(errorsOf({ ...valid, country: "Narnia" })).toEqual({ country: [M.countryUnknown] });
    expect(schema.parse({ ...valid, country: "" }).country).toBe("United States");
  });

  it("requires the Custom Photo URL only when the photo source is custom", () => {
    expect(errorsOf({ ...valid, photoSource: "google" })).toEqual({});
    expect(errorsOf({ ...valid, photoSource: "custom" })).toEqual({ customPhotoUrl: [M.customPhotoUrlRequired] });
    expect(errorsOf({ ...valid, photoSource: "custom", customPhotoUrl: "https://img.example/a.jpg" })).toEqual({});
    expect(errorsOf({ ...valid, photoSource: "instagram" })).toEqual({ photoSource: [M.photoSourceUnknown] });
  });

  it("takes tags as one name or a list, only known ones, and the enumerations with Not available", () => {
    // A form posts one ticked box as a string; a JSON body must send a list.
    expect(activityFormSchema(choices).parse({ ...valid, tags: "Historic" }).tags).toEqual(["Historic"]);
    expect(errorsOf({ ...valid, tags: "Historic" })).toEqual({ tags: [M.tagUnknown] });
    expect(schema.parse({ ...valid, tags: ["Historic", "Outdoors"] }).tags).toEqual(["Historic", "Outdoors"]);
    expect(errorsOf({ ...valid, tags: ["Haunted"] })).toEqual({ tags: [M.tagUnknown] });
    expect(schema.parse({ ...valid, cost: "Free", duration: "All Day", touristyLevel: "Not available" })).toMatchObject(
      {
        cost: "Free",
        duration: "All Day",
      },
    );
    expect(errorsOf({ ...valid, cost: "Cheap" })).toEqual({ cost: [M.choiceUnknown] });
  });

  it("lays a partial API body over the stored activity", () => {
    const stored = activityFormValues({
      ...activityWrite(schema.parse(valid)),
      tags: ["Historic"],
      googleRating: null,
      googleReviewCount: null,
    });
    const merged = apiBodyValues({ title: "Ryman", phone: "+1 615-889-3060", latitude: 36.2 }, stored);
    const result = schema.parse(merged);
    expect(result).toMatchObject({
      title: "Ryman",
      phoneNumber: "+1 615-889-3060",
      latitude: 36.2,
      tags: ["Historic"],
    });
    expect(errorsOf(apiBodyValues({ title: "" }, stored))).toEqual({ title: [M.titleRequired] });
  });

  it("gives a new activity from the API the admin defaults: United States and Tennessee (admin §3)", () => {
    const { country: _country, state: _state, ...bare } = valid;
    expect(schema.parse(newActivityApiValues(bare))).toMatchObject({ country: "United States", state: "Tennessee" });
    expect(schema.parse(newActivityApiValues({ ...bare, state: " " }))).toMatchObject({ state: "Tennessee" });
    expect(schema.parse(newActivityApiValues({ ...bare, state: "Texas" }))).toMatchObject({ state: "Texas" });
    // Another country keeps its own state rules: France's state is required, never Tennessee.
    expect(errorsOf(newActivityApiValues({ ...bare, cityId: "dubai", country: "France" }))).toEqual({
      state: [M.stateRequired],
    });
  });

  it("accepts every seeded activity as it is stored, so curators can edit them", () => {
    const dir = path.resolve("prisma/seed-data/activities");
    const cities = JSON.parse(readFileSync(path.resolve("prisma/seed-data/cities.json"), "utf8")) as Array<{
      id: string;
      country: string;
      state: string;
    }>;
    const all = activitySchema({
      categories: [
        "Bars & Restaurants",
        "Events",
        "Fun & Games",
        "Museums",
        "Parks",
        "Points of Interest",
        "Shopping",
        "Entertainment",
        "Tours",
        "Workshops",
        "Zoos & Aquariums",
        "Other",
      ],
      tags: ["Kid-Friendly", "Romantic", "Adult", "Architecture", "Music", "Historic", "Weird", "Indoors", "Outdoors"],
      cityIds: cities.map((c) => c.id),
    });
    let checked = 0;
    for (const file of readdirSync(dir)) {
      const cityId = file.replace(/\.json$/, "");
      const city = cities.find((c) => c.id === cityId)!;
      for (const a of JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Array<Record<string, unknown>>) {
        const input = { ...a, image: "/images/default-activity.svg", cityId, country: city.country, state: city.state };
        expect(schemaErrors(all, input), `${cityId}: ${a.title}`).toEqual({});
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });
});

describe("bulk category schema", () => {
  const bulk = bulkCategorySchema(["Museums"]);
  it("takes a list of ids, as numbers or strings, without repeats; one id outside a list is refused", () => {
    expect(bulk.parse({ activityIds: [4], categoryName: "Museums" })).toEqual({
      activityIds: [4],
      categoryName: "Museums",
    });
    expect(bulk.parse({ activityIds: [4, "5", 4], categoryName: "Other" }).activityIds).toEqual([4, 5]);
    expect(bulk.safeParse({ activityIds: "4", categoryName: "Museums" }).success).toBe(false);
    expect(bulk.safeParse({ activityIds: [2147483648], categoryName: "Museums" }).success).toBe(false);
  });
  it("needs a selection and a known category", () => {
    expect(schemaErrors(bulk, { activityIds: [], categoryName: "Casinos" })).toEqual({
      activityIds: [BULK_MESSAGES.noneSelected],
      categoryName: [M.categoryUnknown],
    });
    expect(bulk.safeParse({ activityIds: ["x"], categoryName: "Museums" }).success).toBe(false);
  });
});

describe("the review edit dialog's schema (admin §5)", () => {
  const review = reviewActivitySchema(choices);
  const reviewErrors = (input: Record<string, unknown>) => schemaErrors(review, input);

  it("requires only the title, latitude and longitude", () => {
    expect(
      reviewErrors({ title: "", category: "", excerpt: " ", image: "", latitude: "", longitude: "", cityId: "" }),
    ).toEqual({ title: [M.titleRequired], latitude: [M.latitudeRequired], longitude: [M.longitudeRequired] });
  });

  it("checks what is given as the full form does, the cross-column rules included", () => {
    expect(
      reviewErrors({
        ...valid,
        category: "Nope",
        cityId: "atlantis",
        image: "not a url",
        latitude: "91",
        photoSource: "custom",
      }),
    ).toEqual({
      category: [M.categoryUnknown],
      cityId: [M.cityUnknown],
      image: [M.imageInvalid],
      latitude: [M.latitudeInvalid],
      customPhotoUrl: [M.customPhotoUrlRequired],
    });
  });

  it("keeps the stored category, city, description and image when left empty, and takes the ones given", () => {
    const stored = { category: "Parks", cityId: "dubai", excerpt: "Stored words.", image: "https://example.com/a.jpg" };
    const left = review.parse({ ...valid, category: "", cityId: "", excerpt: "", image: "" });
    expect(reviewedActivityInput(left, stored)).toMatchObject({ ...stored, title: "Ryman Auditorium" });
    const given = review.parse(valid);
    expect(reviewedActivityInput(given, stored)).toEqual(schema.parse(valid));
  });
});
