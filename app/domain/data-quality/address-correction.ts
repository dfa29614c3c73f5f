// Address auto-correction (admin §2, §3 'Address correction result', §8): an activity's address replaced by the
// one its Google Maps URL names (validation.mapsAddress), for the activities whose address differs or is missing.
//
// Skipped: no validation record or no maps address; an address status other than address_mismatch or
// no_address (verified, or the check has not compared them); an address that is already the same once written the
// same way (address-check.ts); a maps address longer than the address column takes.
import { sameAddress } from "./address-check";
import { ACTIVITY_LIMITS } from "../activities/activity-record";
import { pluralize } from "../counts";
import type { Toast } from "../admin/toast";

/** The address statuses auto-correction acts on: the 'address discrepancies' of §7. */
export const CORRECTABLE_ADDRESS_STATUSES = ["address_mismatch", "no_address"] as const;

export type AddressCorrection = { kind: "correct"; address: string } | { kind: "skip"; reason: string };

export function addressCorrection(
  activity: { address: string | null },
  validation: { addressStatus: string | null; mapsAddress: string | null } | null,
): AddressCorrection {
  const mapsAddress = validation?.mapsAddress?.trim();
  if (!validation || !mapsAddress) return { kind: "skip", reason: "No address from the Google Maps URL" };
  if (!(CORRECTABLE_ADDRESS_STATUSES as readonly (string | null)[]).includes(validation.addressStatus)) {
    return { kind: "skip", reason: "The address is not a discrepancy" };
  }
  if (activity.address && sameAddress(activity.address, mapsAddress)) {
    return { kind: "skip", reason: "The address already matches" };
  }
  if (mapsAddress.length > ACTIVITY_LIMITS.text)
    return { kind: "skip", reason: "The address from the Google Maps URL is too long" };
  return { kind: "correct", address: mapsAddress };
}

/** The line under the first 10 of the preview (§2): '...and 3 more activities'. */
export function moreActivitiesLine(more: number): string {
  return `...and ${more} more ${pluralize(more, "activity", "activities")}`;
}

/**
 * What the Preview of the address auto-correction says (admin §8 'Address preview'): how many discrepancies it
 * found, or that there are none.
 */
export function addressPreviewToast(total: number): Toast {
  if (total === 0) return { title: "No Address Discrepancies", description: "All activities have verified addresses." };
  return {
    title: "Address Preview Loaded",
    description: `Found ${total.toLocaleString("en-US")} ${pluralize(total, "activity", "activities")} with address discrepancies`,
  };
}

/** The Preview failed (admin §8): 'Failed to fetch address discrepancies: {message or Unknown error}'. */
export function addressPreviewFailedToast(message: string): Toast {
  return {
    title: "Error",
    description: `Failed to fetch address discrepancies: ${message.trim() || "Unknown error"}`,
    variant: "destructive",
  };
}
