import { describe, expect, it } from "vitest";
import { adminDisplayName } from "./admin-user";

describe("adminDisplayName (admin §2)", () => {
  it("prefers the name", () => {
    expect(adminDisplayName({ name: "Ada Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
  });
  it("falls back to the e-mail when the name is missing or blank", () => {
    expect(adminDisplayName({ name: null, email: "ada@example.com" })).toBe("ada@example.com");
    expect(adminDisplayName({ name: "  ", email: "ada@example.com" })).toBe("ada@example.com");
  });
  it("falls back to 'Admin User'", () => {
    expect(adminDisplayName({ name: null, email: "" })).toBe("Admin User");
    expect(adminDisplayName(null)).toBe("Admin User");
  });
});
