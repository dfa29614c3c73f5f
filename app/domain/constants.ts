// Business constants and enumerations from the specs (public-site §9, admin §3, §9).

export const TOURISTY_LEVELS = ["Very Touristy", "Somewhat Touristy", "Not Touristy"] as const;
export type TouristyLevel = (typeof TOURISTY_LEVELS)[number];

export const COSTS = ["Free", "Low", "Medium", "High"] as const;
export type Cost = (typeof COSTS)[number];

export const DURATIONS = ["< 1 hour", "1-2 hours", "3-4 hours", "All Day"] as const;
export type Duration = (typeof DURATIONS)[number];

/** Stored default for a missing touristy level, cost or duration, and what the detail page shows. */
export const NOT_AVAILABLE = "Not available";

export const TAG_COLORS = ["purple", "blue", "green", "yellow", "red", "pink", "orange", "gray"] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const PHOTO_SOURCES = ["original", "google", "custom"] as const;
export type PhotoSource = (typeof PHOTO_SOURCES)[number];

export const PAGE_SIZE = 48;
export const DEFAULT_CITY_ID = "nashville";
export const HOME_FALLBACK_CITY_ID = "san-antonio";
export const CITY_RADIUS_MILES = 60;
export const EARTH_RADIUS_MILES = 3959;
export const NEARBY_RADIUS_MILES = 25;
/** 'Best Activities Nearby' shows at most 3. */
export const NEARBY_LIMIT = 3;
export const MOBILE_BREAKPOINT = 768;
export const WIDE_BREAKPOINT = 1280;
export const BRAND_COLOR = "#F9AF24";
