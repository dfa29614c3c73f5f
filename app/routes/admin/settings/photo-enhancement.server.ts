// What the Settings tab's Photo Enhancement System shows (admin §2 'Settings tab', §4 the hybrid photo toggle, §9
// costs): whether the places service is configured, the toggle's state, and the costs its confirmations repeat.
import { photoSettingsState } from "~/data/photo-settings.server";
import { hybridCostSummary, photoCostSummary, PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places/places";
import { placesConfig } from "~/services/google-places.server";

/** `counts` are the Google Places panel's (placesCoverage), read once for both sections. */
export async function photoEnhancementData(counts: { total: number; withPhotos: number }) {
  const withoutPhotos = Math.max(0, counts.total - counts.withPhotos);
  const settings = await photoSettingsState();
  return {
    configured: placesConfig() !== null,
    notConfiguredMessage: PLACES_NOT_CONFIGURED_MESSAGE,
    enabled: settings.enabled,
    /** The switch's version: the toggle posts it, and is refused when someone else switched it meanwhile. */
    version: settings.stamp?.version ?? null,
    yearlyCost: hybridCostSummary(counts.total),
    withoutPhotos,
    bulkCost: photoCostSummary(withoutPhotos),
  };
}

export type PhotoEnhancementData = Awaited<ReturnType<typeof photoEnhancementData>>;
