import { describe, expect, it } from "vitest";
import { addressCorrection, moreActivitiesLine } from "./address-correction";

const maps = "116 5th Ave N, Nashville, TN 37219";

describe("addressCorrection", () => {
  it("corrects a mismatching or missing address to the maps URL's", () => {
    expect(
      addressCorrection({ address: "200 Broadway" }, { addressStatus: "address_mismatch", mapsAddress: maps }),
    ).toEqual({
      kind: "correct",
      address: maps,
    });
    expect(addressCorrection({ address: null }, { addressStatus: "no_address", mapsAddress: ` ${maps} ` })).toEqual({
      kind: "correct",
      address: maps,
    });
  });

  it("skips what has nothing to correct", () => {
    expect(addressCorrection({ address: "x" }, null).kind).toBe("skip");
    expect(addressCorrection({ address: "x" }, { addressStatus: "address_mismatch", mapsAddress: null }).kind).toBe(
      "skip",
    );
    expect(addressCorrection({ address: maps }, { addressStatus: "address_verified", mapsAddress: maps })).toEqual({
      kind: "skip",
      reason: "The address is not a discrepancy",
    });
    // Edited since the check into the same address, in another form.
    expect(
      addressCorrection(
        { address: "116 Fifth Avenue North, Nashville" },
        { addressStatus: "address_mismatch", mapsAddress: maps },
      ),
    ).toEqual({ kind: "skip", reason: "The address already matches" });
    expect(
      addressCorrection(
        { address: "x" },
        { addressStatus: "address_mismatch", mapsAddress: `1 ${"Long ".repeat(120)}St` },
      ).kind,
    ).toBe("skip");
  });

  it("says how many more the preview leaves out", () => {
    expect(moreActivitiesLine(5)).toBe("...and 5 more activities");
    expect(moreActivitiesLine(1)).toBe("...and 1 more activity");
  });
});
