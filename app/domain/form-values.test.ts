import { describe, expect, it } from "vitest";
import { z } from "zod";
import { optionalText, requiredText, textOrEmpty, UNSTORABLE_TEXT_MESSAGE } from "./form-values";
import { schemaErrors } from "../../tests/helpers/form-errors";

const schema = z.object({
  name: requiredText("Name is required", 10, "Name must be at most 10 characters"),
  note: optionalText(20),
  icon: textOrEmpty(5),
});

const errorsOf = (input: unknown) => schemaErrors(schema, input);

describe("text fields", () => {
  it("trims, stores an empty optional text as null and an empty plain one as ''", () => {
    expect(schema.parse({ name: "  Ryman ", note: " ", icon: null })).toEqual({ name: "Ryman", note: null, icon: "" });
  });

  it("takes only text: a JSON number is refused, not turned into a string", () => {
    expect(errorsOf({ name: 123, note: 4, icon: "" })).toEqual({ name: ["Must be text"], note: ["Must be text"] });
  });

  it("says a required text is missing for undefined, null, empty and blank", () => {
    for (const name of [undefined, null, "", "   "]) expect(errorsOf({ name })).toEqual({ name: ["Name is required"] });
  });

  it("has a length limit on every kind of text", () => {
    expect(errorsOf({ name: "x".repeat(11), note: "y".repeat(21), icon: "z".repeat(6) })).toEqual({
      name: ["Name must be at most 10 characters"],
      note: ["This field must be at most 20 characters"],
      icon: ["This field must be at most 5 characters"],
    });
  });

  it("refuses text PostgreSQL cannot store: NUL and unpaired surrogates; an emoji is fine", () => {
    expect(errorsOf({ name: "a\u0000b", note: "\ud800", icon: "\udc00" })).toEqual({
      name: [UNSTORABLE_TEXT_MESSAGE],
      note: [UNSTORABLE_TEXT_MESSAGE],
      icon: [UNSTORABLE_TEXT_MESSAGE],
    });
    expect(errorsOf({ name: "🎉 party", note: "Café", icon: "🎵" })).toEqual({});
  });
});
