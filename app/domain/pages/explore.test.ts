import { describe, expect, it } from "vitest";
import { groupCitiesByState } from "./explore";

describe("groupCitiesByState", () => {
  it("groups by state, sorted by state then display name", () => {
    const groups = groupCitiesByState([
      { id: "sa", state: "Texas", displayName: "San Antonio" },
      { id: "nash", state: "Tennessee", displayName: "Nashville" },
      { id: "aus", state: "Texas", displayName: "Austin" },
      { id: "mem", state: "Tennessee", displayName: "Memphis" },
      { id: "dub", state: "Dubai", displayName: "Dubai" },
    ]);
    expect(groups.map((g) => [g.state, g.cities.map((c) => c.id)])).toEqual([
      ["Dubai", ["dub"]],
      ["Tennessee", ["mem", "nash"]],
      ["Texas", ["aus", "sa"]],
    ]);
  });

  it("gives no groups for no cities", () => {
    expect(groupCitiesByState([])).toEqual([]);
  });
});
