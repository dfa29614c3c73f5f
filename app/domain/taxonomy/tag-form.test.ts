import { describe, expect, it } from "vitest";
import { fieldErrors, iconKind } from "../form-values";
import { COLOR_CHOICES, TAG_MESSAGES, TagSchema } from "./tag-form";

describe("tag form", () => {
  it("has the eight colour choices and defaults to gray", () => {
    expect(COLOR_CHOICES).toEqual(["purple", "blue", "green", "yellow", "red", "pink", "orange", "gray"]);
    expect(TagSchema.parse({ name: "Foodie" })).toEqual({ name: "Foodie", color: "gray", icon: "", description: "" });
    expect(TagSchema.parse({ name: "Foodie", color: "" }).color).toBe("gray");
    expect(TagSchema.parse({ name: " Foodie ", color: "pink", icon: "🍜", description: "Eat" })).toEqual({
      name: "Foodie",
      color: "pink",
      icon: "🍜",
      description: "Eat",
    });
  });

  it("requires a name and a known colour", () => {
    const result = TagSchema.safeParse({ name: "  ", color: "teal" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ name: [TAG_MESSAGES.nameRequired], color: [TAG_MESSAGES.color] });
    expect(fieldErrors(TagSchema.safeParse({}).error!)).toEqual({ name: [TAG_MESSAGES.nameRequired] });
    expect(fieldErrors(TagSchema.safeParse({ name: "x".repeat(51) }).error!)).toEqual({
      name: [TAG_MESSAGES.nameTooLong],
    });
  });

  it("shows an icon as an image when it is a URL or a path, else as text", () => {
    expect(iconKind("/icons/tags/music.svg")).toBe("image");
    expect(iconKind("https://cdn.example/x.svg")).toBe("image");
    expect(iconKind("🎵")).toBe("text");
    expect(iconKind("")).toBe("none");
    expect(iconKind("//evil.example/x.svg")).toBe("text");
  });
});

describe("id in a URL", () => {
  it("is a positive integer that fits the table's key, else nothing", async () => {
    const { parseIdParam } = await import("../form-values");
    expect(parseIdParam("12")).toBe(12);
    for (const bad of [undefined, "", "0", "-1", "1.5", "012", "12abc", "99999999999"])
      expect(parseIdParam(bad), String(bad)).toBeNull();
  });
});
