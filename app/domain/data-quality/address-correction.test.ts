import { describe, expect, it } from "vitest";
import {
  addressCorrection,
  addressPreviewFailedToast,
  addressPreviewToast,
  moreActivitiesLine,
} from "./address-correction";

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

describe("the address preview's messages (admin §8)", () => {
  it("says how many discrepancies it found, or that there are none", () => {
    expect(addressPreviewToast(12)).toEqual({
      title: "Address Preview Loaded",
      description: "Found 12 activities with address discrepancies",
    });
    expect(addressPreviewToast(1).description).toBe("Found 1 activity with address discrepancies");
    expect(addressPreviewToast(0)).toEqual({
      title: "No Address Discrepancies",
      description: "All activities have verified addresses.",
    });
  });

  it("says why it failed, or that the reason is unknown", () => {
    expect(addressPreviewFailedToast("connection lost")).toEqual({
      title: "Error",
      description: "Failed to fetch address discrepancies: connection lost",
      variant: "destructive",
    });
    expect(addressPreviewFailedToast("").description).toBe("Failed to fetch address discrepancies: Unknown error");
  });
});
